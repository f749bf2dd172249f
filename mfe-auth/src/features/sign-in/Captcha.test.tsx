import { AppProviders, resetRuntimeConfig, sessionStore, setRuntimeConfig } from '@suite/shared';
import { decryptPayload } from '@suite/shared/crypto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from '../../App';
import { mockApi, reply } from '@suite/shared/testing';

// the captcha's stand-in (components/__mocks__/AltchaWidget.tsx)
jest.mock('../../components/AltchaWidget');

const PAYLOAD_KEY = 'test-payload-key';
const CAPTCHA_ON = { GetParametersApp: { parameters: [{ name: 'captchaApply', value: 'true', type: 'boolean' }] } };

function renderLogin() {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="*" element={<App />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.signOut();
  resetRuntimeConfig();
  setRuntimeConfig({ payloadKey: PAYLOAD_KEY, appName: 'product', tenant: '', version: '1.0.0' });
});

afterEach(() => jest.restoreAllMocks());

describe('sign-in captcha', () => {
  it('with captchaApply, Ingresar waits for the captcha, the reminder shows, and the payload is sent as tokenCaptcha', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    mockApi(
      async ({ request }) => {
        bodies.push(await request.clone().json());
        return reply(400, { statusCode: 400, result: { information: 'Por favor valida que no eres un robot', informationCode: 'R400' } });
      },
      { appData: CAPTCHA_ON },
    );
    renderLogin();
    await user.type(screen.getByLabelText('Usuario', { exact: true }), 'admin');
    await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'S3cret!');
    const submit = screen.getByRole('button', { name: 'Ingresar' });
    expect(submit).toBeDisabled();
    expect(await screen.findByText('Por favor valida que no eres un robot')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'solve captcha' }));
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Por favor valida que no eres un robot')).not.toBeInTheDocument();
    await user.click(submit);

    expect(bodies[0]).toMatchObject({ user: 'admin', tokenCaptcha: 'solved-payload' });
    expect(decryptPayload(bodies[0].password as string, PAYLOAD_KEY)).toBe('S3cret!');
    // the server's refusal shows, and the spent captcha must be solved again
    expect(await screen.findByRole('alert')).toHaveTextContent('Por favor valida que no eres un robot');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeDisabled();
  });

  it('without captchaApply, no widget and no reminder', async () => {
    const user = userEvent.setup();
    mockApi(
      async () => reply(401, { statusCode: 401, result: { information: 'Usuario o contraseña incorrectos.', informationCode: 'R11' } }),
      { appData: true },
    );
    renderLogin();
    await user.type(screen.getByLabelText('Usuario', { exact: true }), 'admin');
    await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'S3cret!');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'solve captcha' })).not.toBeInTheDocument();
    expect(screen.queryByText('Por favor valida que no eres un robot')).not.toBeInTheDocument();
  });
});
