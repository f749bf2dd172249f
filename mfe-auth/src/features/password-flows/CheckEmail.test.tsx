import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@suite/shared/testing';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

beforeEach(() => resetWorld('bemyself'));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const location = () => screen.getByLabelText('location').textContent;
const phase = () =>
  screen.getByText((_, el) => el?.getAttribute('data-phase') !== null && el?.tagName === 'DIV').getAttribute('data-phase');

describe('/check-email', () => {
  it('shows the title and the masked e-mail from navigation state', () => {
    mockApi({});
    renderAt('/check-email', { maskedEmail: '***na@example.com', user: 'ana' });
    expect(screen.getByRole('heading', { name: '¡Revisa tu email!' })).toBeInTheDocument();
    expect(screen.getByTestId('masked-email')).toHaveTextContent('***na@example.com');
  });

  it('without navigation state goes to /Login', () => {
    mockApi({});
    renderAt('/check-email');
    expect(location()).toBe('/Login');
  });

  it('coming from /Alert shows the generic alert instead', () => {
    mockApi({});
    renderAt('/check-email', { from: '/Alert', message: 'Mensaje genérico', page: '/Login' });
    expect(screen.getByRole('heading', { name: 'Mensaje' })).toBeInTheDocument();
    expect(screen.getByText('Mensaje genérico')).toBeInTheDocument();
  });

  it('counts 60 seconds (state 2), then allows resending (state 1); resending calls ResetPassword again (state 3)', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const calls = mockApi({
      'login/ResetPassword': () => reply(200, { statusCode: 200, result: { information: 'ok', maskedEmail: '***na@example.com' } }),
    });
    renderAt('/check-email', { maskedEmail: '***na@example.com', user: 'ana' });
    const resend = screen.getByRole('button', { name: 'Reenviar email' });
    expect(phase()).toBe('2');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('01:00');
    expect(resend).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('00:59');
    act(() => jest.advanceTimersByTime(59_000));
    expect(phase()).toBe('1');
    expect(screen.getByText('¿No has recibido el email?')).toBeInTheDocument();
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByText('Te enviamos el email nuevamente.')).toBeInTheDocument();
    expect(phase()).toBe('3');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('01:00');
    expect(calls.filter((c) => c.path === 'login/ResetPassword')).toEqual([
      { path: 'login/ResetPassword', body: { appname: 'bemyself', user: 'ana' } },
    ]);
    act(() => jest.advanceTimersByTime(60_000));
    expect(phase()).toBe('1');
  });

  it('a failed resend shows the server message', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    mockApi({
      'login/ResetPassword': () =>
        reply(429, { statusCode: 429, result: { information: 'Demasiadas solicitudes.', informationCode: 'R429' } }),
    });
    renderAt('/check-email', { maskedEmail: '***na@example.com', user: 'ana' });
    act(() => jest.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: 'Reenviar email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes.');
  });
});
