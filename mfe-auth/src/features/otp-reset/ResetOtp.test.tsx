import { changeLanguage } from '@suite/shared';
import { reply } from '@suite/shared/testing';
import { act } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

const SENT = 'Se envio correctamente la solicitud para el restablecimiento del OTP.';
const SPENT = 'No se puede enviar la solicitud de restablecimiento de OTP: la solicitud ya fue confirmada con este enlace.';

beforeEach(() => resetWorld('confronta'));
afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => changeLanguage('es'));
});

describe('/resetotp', () => {
  it('sends the token after the first 6 characters of the search once, shows A10 in a modal, Aceptar goes to sign-in', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'POST login/ValidateOtpMail': () =>
        reply(200, {
          statusCode: 200,
          result: { information: SENT, informationCode: 'A10' },
          statusDetails: [{ code: 'A10', description: SENT }],
        }),
    });
    renderAt('/resetotp?link=tok%2Den_123');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(SENT);
    expect(calls).toEqual([{ path: 'login/ValidateOtpMail', body: { token: 'tok-en_123' } }]);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/Login'));
  });

  it('shows R11 with its reason from statusDetails[0], titled Error', async () => {
    mockApi({
      'POST login/ValidateOtpMail': () =>
        reply(400, {
          statusCode: 400,
          result: { information: SPENT, informationCode: 'R11' },
          statusDetails: [{ code: 'R11', description: SPENT }],
        }),
    });
    renderAt('/resetotp?link=spent');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(SPENT);
    expect(dialog).toHaveTextContent('Error');
    expect(screen.getByRole('heading', { name: 'Restablecimiento de OTP' })).toBeInTheDocument();
  });

  it("shows the refusal in the page's language", async () => {
    await act(() => changeLanguage('en'));
    mockApi({
      'POST login/ValidateOtpMail': () =>
        reply(400, {
          statusCode: 400,
          result: { information: SPENT, informationCode: 'R11' },
          statusDetails: [{ code: 'R11', description: SPENT }],
        }),
    });
    renderAt('/resetotp?link=spent');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'The OTP reset request cannot be sent: the request was already confirmed with this link.',
    );
  });

  it('with no response, the generic message', async () => {
    mockApi({ 'POST login/ValidateOtpMail': () => Promise.reject(new TypeError('network down')) });
    renderAt('/resetotp?link=x');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error al realizar la petición.');
  });
});
