import { PROVIDER_MESSAGES, pageLocation, sessionStore, setNavigator } from '@suite/shared';
import { jwt, reply } from '@suite/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt, resetWorld } from '../../testHarness';

beforeEach(() => resetWorld('ibuhoo'));
afterEach(() => jest.restoreAllMocks());

const token = jwt({ unique_name: 'ada', exp: Math.floor(Date.now() / 1000) + 3600 });
const signedIn = () =>
  reply(200, { statusCode: 200, result: { information: 'ok', informationCode: 'A10', token, refreshToken: 'r', urlApp: '/users' } });
const INTERACTION = 'Qp3x-WgcjAq6J1ICSkAgd';

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Usuario', { exact: true }), 'ada');
  await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'Secret.2026');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe("/Login opened for an application's OpenID request", () => {
  it('hands the new session to the request and sends the browser back to the provider', async () => {
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    const back = `http://localhost/oidc/interaction/${INTERACTION}/complete?code=c0de`;
    const calls = mockApi({ Login: signedIn, 'oidc/interaction/handoff': () => reply(200, { statusCode: 200, result: { url: back } }) });
    renderAt(`/Login?interaction=${INTERACTION}`);
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    expect(calls.filter((c) => c.path === 'oidc/interaction/handoff').map((c) => c.body)).toEqual([{ interaction: INTERACTION }]);
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/Login');
  });

  it('shows why when the request expired, and stays on the sign-in', async () => {
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    mockApi({
      Login: signedIn,
      'oidc/interaction/handoff': () =>
        reply(400, { statusCode: 400, result: { information: PROVIDER_MESSAGES.requestExpired, informationCode: 'R400' } }),
    });
    renderAt(`/Login?interaction=${INTERACTION}`);
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(PROVIDER_MESSAGES.requestExpired);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a person already signed in here is handed over at once, without the form', async () => {
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    sessionStore.signIn({ token, refreshToken: 'r' });
    const back = `http://localhost/oidc/interaction/${INTERACTION}/complete?code=c0de`;
    const calls = mockApi({ 'oidc/interaction/handoff': () => reply(200, { statusCode: 200, result: { url: back } }) });
    renderAt(`/Login?interaction=${INTERACTION}`);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    expect(calls.filter((c) => c.path === 'oidc/interaction/handoff')).toHaveLength(1);
    expect(calls.some((c) => c.path === 'Login')).toBe(false);
  });

  it('a session kept here that ended meanwhile: the hand-over is refused, the person signs in for the same request', async () => {
    const assign = jest.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
    sessionStore.signIn({ token, refreshToken: 'r' });
    const back = `http://localhost/oidc/interaction/${INTERACTION}/complete?code=c0de`;
    let handoffs = 0;
    const calls = mockApi({
      Login: signedIn,
      RefreshToken: () => reply(401, { statusCode: 401, result: { information: 'revoked', informationCode: 'R401' } }),
      'oidc/interaction/handoff': () =>
        ++handoffs === 1
          ? reply(401, { statusCode: 401, result: { information: 'revoked', informationCode: 'R401' } })
          : reply(200, { statusCode: 200, result: { url: back } }),
    });
    // the page's router, where the API client sends a closed session (the host registers it)
    const closedTo: string[] = [];
    const restore = setNavigator((path) => closedTo.push(path));
    renderAt(`/Login?interaction=${INTERACTION}`);
    await waitFor(() => expect(handoffs).toBe(1));
    await waitFor(() => expect(closedTo).toEqual(['/Login']));
    restore();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/Login');
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(back));
    expect(calls.filter((c) => c.path === 'oidc/interaction/handoff').map((c) => c.body)).toEqual([
      { interaction: INTERACTION },
      { interaction: INTERACTION },
    ]);
  });

  it('a person signed in who opens the sign-in without a request stays on it (the appearance preview does)', async () => {
    sessionStore.signIn({ token, refreshToken: 'r' });
    const calls = mockApi({});
    renderAt('/Login?appearancePreview=light');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/Login');
    expect(calls.some((c) => c.path === 'oidc/interaction/handoff')).toBe(false);
  });

  it('without a request, or with a malformed one, goes on to the application as always', async () => {
    const calls = mockApi({ Login: signedIn });
    renderAt('/Login?interaction=%3Cscript%3E');
    await signIn();
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/users'));
    expect(calls.some((c) => c.path === 'oidc/interaction/handoff')).toBe(false);
  });
});
