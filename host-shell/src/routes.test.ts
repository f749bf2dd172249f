import { REMOTES, remoteForPath } from '@suite/shared';
import { decideRoute } from './routes';

const owner = (path: string) => remoteForPath(path)?.name;

describe('route mapping', () => {
  it.each([
    ['/login', 'mfe_auth'],
    ['/LOGIN', 'mfe_auth'],
    ['/Login', 'mfe_auth'],
    ['/resetpassword', 'mfe_auth'],
    ['/resetPasswordCertificate', 'mfe_auth'],
    ['/Alert', 'mfe_auth'],
    ['/signin-credential/callback', 'mfe_auth'],
    ['/logout', 'mfe_auth'],
    ['/users', 'mfe_users'],
    ['/USERS/', 'mfe_users'],
    ['/users/42', 'mfe_users'],
    ['/audit', 'mfe_users'],
    ['/Audit', 'mfe_users'],
    ['/roles', 'mfe_access'],
    ['/Privileges', 'mfe_access'],
    ['/apps', 'mfe_apps'],
    ['/menuSettings', 'mfe_menus'],
    ['/menusettings', 'mfe_menus'],
    ['/MENUSETTINGS', 'mfe_menus'],
    ['/notifications', 'mfe_notifications'],
  ])('%s belongs to %s', (path, remote) => {
    expect(owner(path)).toBe(remote);
  });

  it.each(['/', '/nowhere', '/usersx', '/logout-credentialx', '/rol'])('%s belongs to no remote', (path) => {
    expect(owner(path)).toBeUndefined();
  });

  it('covers every route prefix of every remote', () => {
    for (const remote of REMOTES) for (const route of remote.routes) expect(owner(route)).toBe(remote.name);
  });
});

describe('decideRoute', () => {
  it('sends unknown paths to /Login', () => {
    expect(decideRoute('/nowhere', false)).toEqual({ redirect: '/Login' });
    expect(decideRoute('/nowhere', true)).toEqual({ redirect: '/Login' });
  });

  it('guards protected routes', () => {
    expect(decideRoute('/users', false)).toEqual({ redirect: '/Login' });
    expect(decideRoute('/MenuSettings', false)).toEqual({ redirect: '/Login' });
    expect(decideRoute('/home', false)).toEqual({ redirect: '/Login' });
    expect(decideRoute('/users', true)).toEqual({ remote: expect.objectContaining({ name: 'mfe_users' }) });
  });

  it('shows sign-in at / and /login when signed out, /users when signed in', () => {
    expect(decideRoute('/', false)).toEqual({ remote: expect.objectContaining({ name: 'mfe_auth' }) });
    expect(decideRoute('/LOGIN', false)).toEqual({ remote: expect.objectContaining({ name: 'mfe_auth' }) });
    expect(decideRoute('/', true)).toEqual({ redirect: '/users' });
    expect(decideRoute('/Login', true)).toEqual({ redirect: '/users' });
    expect(decideRoute('/home', true)).toEqual({ redirect: '/users' });
  });

  it("keeps the sign-in screen of an application's OpenID request for a person signed in: it hands the session over", () => {
    expect(decideRoute('/Login', true, '?interaction=Qp3x-WgcjAq6J1ICSkAgd')).toEqual({
      remote: expect.objectContaining({ name: 'mfe_auth' }),
    });
  });

  it('keeps public screens public for everyone', () => {
    expect(decideRoute('/resetpassword', true)).toEqual({ remote: expect.objectContaining({ name: 'mfe_auth' }) });
    expect(decideRoute('/logout', true)).toEqual({ remote: expect.objectContaining({ name: 'mfe_auth' }) });
  });
});
