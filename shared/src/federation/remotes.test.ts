import { CONSOLE_SECTIONS, PATHS, REMOTES, remoteForPath } from './remotes';

describe('route map', () => {
  it('gives every well-known path but the host-only ones a remote, in any of its spellings', () => {
    const hostOnly: string[] = [PATHS.root, PATHS.home, PATHS.loading];
    const orphans = Object.values(PATHS).filter((path) => !hostOnly.includes(path) && !remoteForPath(path));
    expect(orphans).toEqual([]);
    expect(remoteForPath(PATHS.loginFromLoading)?.name).toBe('mfe_auth');
    expect(remoteForPath(PATHS.alertForBrokenLink)?.name).toBe('mfe_auth');
  });

  it('lists each route under one remote only', () => {
    const routes = REMOTES.flatMap((remote) => remote.routes.map((route) => route.toLowerCase()));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('opens each console section with the read privilege of its area', () => {
    expect(CONSOLE_SECTIONS.map(({ path, privilege }) => [path, privilege])).toEqual([
      ['/users', 'USERS_READ'],
      ['/audit', 'AUDIT_READ'],
      ['/roles', 'ROLES_READ'],
      ['/privileges', 'PRIVILEGES_READ'],
      ['/apps', 'APPS_READ'],
      ['/menuSettings', 'MENUS_READ'],
      ['/notifications', 'NOTIFICATIONS_READ'],
    ]);
  });
});
