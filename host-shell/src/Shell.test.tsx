import {
  AppProviders,
  COMMON_NS,
  CONSOLE_SECTIONS,
  PERSONAL_PAGES,
  GuardedRouter,
  REMOTES,
  SessionStore,
  createGuardedMemoryHistory,
  i18n,
  sessionStore,
} from '@suite/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteLoader, RemoteModule } from './remotes/loader';
import { RemoteLoaderContext } from './remotes/loader';
import { shellRoutes } from './Shell';
import { Where, jwt as token } from '@suite/shared/testing';

/** A session whose privileges open every console section (or only `privileges`). */
const validToken = (privileges: string[] = CONSOLE_SECTIONS.map((section) => section.privilege)) =>
  token({
    identifier: '7',
    unique_name: 'admin',
    given_name: 'ADA',
    family_name: 'Lovelace',
    privileges,
    exp: Math.floor(Date.now() / 1000) + 3600,
  });

/** Each stub remote renders its name and the path it sees. */
function stubRemote(name: string): RemoteModule {
  return {
    default: function StubApp() {
      const { pathname } = useLocation();
      return <h1>{`${name} at ${pathname}`}</h1>;
    },
  };
}

/** The shell as bootstrap mounts it: shellRoutes under the guarded router (here in memory). */
function renderShell(path: string, loader: RemoteLoader, store: SessionStore = sessionStore) {
  const [shell] = shellRoutes({ hubFactory: idleHub });
  return render(
    <AppProviders session={store}>
      <RemoteLoaderContext.Provider value={loader}>
        <GuardedRouter history={createGuardedMemoryHistory([path])}>
          <Routes>
            <Route
              path={shell.path}
              element={
                <>
                  {shell.element}
                  <Where />
                </>
              }
            />
          </Routes>
        </GuardedRouter>
      </RemoteLoaderContext.Provider>
    </AppProviders>,
  );
}

/** A hub that never connects: these tests are about routing. */
const idleHub = () => new Promise<never>(() => undefined);

const workingLoader = (): RemoteLoader & { load: jest.Mock; reset: jest.Mock } => ({
  load: jest.fn(async (name: string) => stubRemote(name)),
  reset: jest.fn(),
});

beforeEach(() => {
  localStorage.clear();
  sessionStore.signOut();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('shell router', () => {
  it.each([
    ['/login', 'mfe_auth'],
    ['/LOGIN', 'mfe_auth'],
    ['/Login', 'mfe_auth'],
    ['/resetpassword', 'mfe_auth'],
  ])('mounts %s on %s without a session', async (path, remote) => {
    renderShell(path, workingLoader());
    expect(await screen.findByRole('heading', { name: `${remote} at ${path}` })).toBeInTheDocument();
  });

  it.each([
    ['/users', 'mfe_users'],
    ['/audit', 'mfe_users'],
    ['/roles', 'mfe_access'],
    ['/privileges', 'mfe_access'],
    ['/apps', 'mfe_apps'],
    ['/menusettings', 'mfe_menus'],
    ['/MenuSettings', 'mfe_menus'],
    ['/notifications', 'mfe_notifications'],
  ])('mounts %s on %s with a session', async (path, remote) => {
    sessionStore.signIn({ token: validToken() });
    renderShell(path, workingLoader());
    expect(await screen.findByRole('heading', { name: `${remote} at ${path}` })).toBeInTheDocument();
  });

  it('sends a protected path without a session to /Login', async () => {
    renderShell('/users', workingLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_auth at /Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/Login');
  });

  it('sends an expired session to /Login', async () => {
    sessionStore.signIn({ token: token({ given_name: 'a', exp: Math.floor(Date.now() / 1000) - 10 }) });
    renderShell('/roles', workingLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_auth at /Login' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of / or /login to /users', async () => {
    sessionStore.signIn({ token: validToken() });
    renderShell('/login', workingLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_users at /users' })).toBeInTheDocument();
  });

  it('sends unknown paths to /Login', async () => {
    renderShell('/nowhere', workingLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_auth at /Login' })).toBeInTheDocument();
  });
});

describe('the route map and the host agree', () => {
  it.each(REMOTES.flatMap((remote) => remote.routes.map((route) => [route, remote.name, remote.protected] as const)))(
    'routes %s to %s',
    async (route, name, needsSession) => {
      if (needsSession) sessionStore.signIn({ token: validToken() });
      renderShell(route, workingLoader());
      expect(await screen.findByRole('heading', { name: `${name} at ${route}` })).toBeInTheDocument();
    },
  );

  it("gives every console route a section or makes it a person's own page, and the drawer lists exactly the map's sections in order", async () => {
    expect(CONSOLE_SECTIONS.map((section) => section.path)).toEqual(
      REMOTES.filter((remote) => remote.protected)
        .flatMap((remote) => remote.routes)
        .filter((route) => !PERSONAL_PAGES.includes(route)),
    );
    expect(PERSONAL_PAGES.filter((page) => CONSOLE_SECTIONS.some((section) => section.path === page))).toEqual([]);
    sessionStore.signIn({ token: validToken() });
    renderShell('/users', workingLoader());
    await screen.findByRole('heading', { name: 'mfe_users at /users' });
    const links = within(screen.getByRole('navigation', { name: 'Navegación principal' })).getAllByRole('link');
    const t = i18n.getFixedT('es', COMMON_NS);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      CONSOLE_SECTIONS.map((section) => [t(section.label), section.path]),
    );
  });
});

describe('server data of the console', () => {
  /** A remote that tells whether it has a QueryClient. */
  const queryRemote = (name: string): RemoteModule => ({
    default: function QueryApp() {
      const client = useContext(QueryClientContext);
      return <h1>{`${name} ${client ? 'with' : 'without'} a QueryClient`}</h1>;
    },
  });
  const queryLoader = () => ({ load: jest.fn(async (name: string) => queryRemote(name)), reset: jest.fn() });

  it("gives console remotes the host's one QueryClient, and the sign-in remote none", async () => {
    renderShell('/login', queryLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_auth without a QueryClient' })).toBeInTheDocument();
  });

  it('provides it to a console section', async () => {
    sessionStore.signIn({ token: validToken() });
    renderShell('/users', queryLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_users with a QueryClient' })).toBeInTheDocument();
  });
});

describe('authenticated layout', () => {
  it('shows the user, the sections and signs out from the user menu', async () => {
    const user = userEvent.setup();
    sessionStore.signIn({ token: validToken(), refreshToken: 'r1' });
    renderShell('/users', workingLoader());

    expect(await screen.findByRole('heading', { name: 'mfe_users at /users' })).toBeInTheDocument();
    expect(screen.getByText('ada Lovelace')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    for (const name of ['Usuarios', 'Roles', 'Privilegios', 'Aplicaciones', 'Ajustes de menú', 'Notificaciones de correo']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('link', { name: 'Ajustes de menú' }));
    expect(await screen.findByRole('heading', { name: 'mfe_menus at /menuSettings' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    // /logout (mfe_auth) revokes the token and ends the session
    expect(await screen.findByRole('heading', { name: 'mfe_auth at /logout' })).toBeInTheDocument();
  });
});

describe('sections and privileges', () => {
  it("lists in the drawer only the sections the user's privileges open", async () => {
    sessionStore.signIn({ token: validToken(['USERS_READ', 'APPS_READ']) });
    renderShell('/users', workingLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_users at /users' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Usuarios', 'Aplicaciones']);
  });

  it('answers a direct address without its privilege with the privileges dialog, then /users, without loading the remote', async () => {
    const user = userEvent.setup();
    sessionStore.signIn({ token: validToken(['USERS_READ']) });
    const loader = workingLoader();
    renderShell('/privileges', loader);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('no tiene los privilegios suficientes');
    expect(loader.load).not.toHaveBeenCalledWith('mfe_access');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { name: 'mfe_users at /users' })).toBeInTheDocument();
  });

  it('leads a user whose privileges do not open the home page to the first section they do open, or says none does', async () => {
    sessionStore.signIn({ token: validToken(['APPS_READ']) });
    const { unmount } = renderShell('/users', workingLoader());
    expect(await screen.findByRole('heading', { name: 'mfe_apps at /apps' })).toBeInTheDocument();
    unmount();
    sessionStore.signIn({ token: validToken([]) });
    renderShell('/users', workingLoader());
    expect(await screen.findByText('Tu usuario no tiene privilegios para ninguna sección de la consola.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('a remote that cannot be loaded', () => {
  it('shows the unavailable card, keeps other sections working, and retry loads it again', async () => {
    const user = userEvent.setup();
    sessionStore.signIn({ token: validToken() });
    let rolesUp = false;
    const loader = {
      load: jest.fn(async (name: string) => {
        if (name === 'mfe_access' && !rolesUp) throw new Error('remote down');
        return stubRemote(name);
      }),
      reset: jest.fn(),
    };
    renderShell('/roles', loader);

    const card = await screen.findByRole('alert');
    expect(card).toHaveTextContent('Sección no disponible');

    // Other sections keep working.
    await user.click(screen.getByRole('link', { name: 'Usuarios' }));
    expect(await screen.findByRole('heading', { name: 'mfe_users at /users' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sección no disponible');

    // The remote comes back: retry re-attempts the load and shows it.
    rolesUp = true;
    const loadsBefore = loader.load.mock.calls.filter(([name]) => name === 'mfe_access').length;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'mfe_access at /roles' })).toBeInTheDocument();
    expect(loader.reset).toHaveBeenCalledWith('mfe_access');
    expect(loader.load.mock.calls.filter(([name]) => name === 'mfe_access').length).toBeGreaterThan(loadsBefore);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('also recovers when the runtime handed back the unavailable stand-in', async () => {
    const user = userEvent.setup();
    const { isUnavailable, unavailableFallbackPlugin } = await import('./remotes/federation');
    const plugin = unavailableFallbackPlugin();
    let up = false;
    const loader = {
      load: jest.fn(async (name: string) => {
        if (up) return stubRemote(name);
        const fallback = await plugin.errorLoadRemote!({
          id: `${name}/App`,
          error: new Error('down'),
          from: 'runtime',
          lifecycle: 'onLoad',
          origin: {} as never,
        });
        expect(isUnavailable(fallback)).toBe(true);
        return fallback as RemoteModule;
      }),
      reset: jest.fn(),
    };
    renderShell('/login', loader);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sección no disponible');
    up = true;
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    });
    expect(await screen.findByRole('heading', { name: 'mfe_auth at /login' })).toBeInTheDocument();
  });
});
