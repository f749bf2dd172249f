import { AppProviders, CONSOLE_SECTIONS, PATHS, resetRuntimeConfig, sessionStore, setRuntimeConfig } from '@suite/shared';
import { MENU_SECTION, isMenuIconName, type MenuItem, type SuiteItem } from '@suite/shared/console';
import { jwt, mockApi, type ApiCall } from '@suite/shared/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AuthenticatedLayout } from './AuthenticatedLayout';
import { fallbackDrawer, inPageLanguage, shownItems, suiteTiles, targetOf, userMenuSections } from './shellMenus';
import { forgetShellMenus } from './useShellMenus';

const ORIGIN = 'http://localhost';

function item(key: string, name: string, fields: Partial<MenuItem> = {}): MenuItem {
  return {
    key: key.padEnd(10, '0'),
    name,
    privilege: '',
    url: '',
    isFunction: false,
    functionName: '',
    description: '',
    isActivate: true,
    sizeIcon: '24px',
    iconName: '',
    isPersonalizedIcon: false,
    menuLocation: 1,
    application: 'ibuhoo',
    children: [],
    ...fields,
  };
}
const tile = (key: string, name: string, url: string): SuiteItem => ({
  key: key.padEnd(10, '0'),
  name,
  urlLanding: url,
  urlApplication: url,
  description: `${name} app`,
  isActivate: true,
  iconName: `/brand/${name}/logo.png`,
  iconNameDark: `/brand/${name}/white.png`,
});

describe('what the shell makes of a menu item', () => {
  it('navigates inside the shell to its routes, links anything else, and runs the functions it knows', () => {
    expect(targetOf(item('a', 'a', { url: PATHS.roles }), ORIGIN)).toEqual({ kind: 'route', to: PATHS.roles });
    expect(targetOf(item('a', 'a', { url: `${ORIGIN}${PATHS.apps}?q=1` }), ORIGIN)).toEqual({ kind: 'route', to: `${PATHS.apps}?q=1` });
    expect(targetOf(item('a', 'a', { url: `https://firmaya.example${PATHS.users}` }), ORIGIN)).toEqual({
      kind: 'external',
      href: `https://firmaya.example${PATHS.users}`,
    });
    // a path of this origin that the shell does not route loads as a page
    expect(targetOf(item('a', 'a', { url: '/api/docs' }), ORIGIN)).toEqual({ kind: 'external', href: `${ORIGIN}/api/docs` });
    expect(targetOf(item('a', 'a', { isFunction: true, functionName: 'logout' }), ORIGIN)).toEqual({ kind: 'route', to: PATHS.logout });
    expect(targetOf(item('a', 'a', { isFunction: true, functionName: 'openChat' }), ORIGIN)).toBeNull();
    expect(targetOf(item('a', 'a', { url: 'javascript:alert(1)' }), ORIGIN)).toBeNull();
  });

  it('leaves out routes to sections the privileges do not open, and items with nowhere to go and nothing under them', () => {
    const items = [
      item('users', 'Usuarios', { url: PATHS.users }),
      item('roles', 'Roles', { url: PATHS.roles }),
      item('group', 'Grupo', {
        children: [
          item('docs', 'Docs', { url: 'https://docs.example' }),
          item('fn', 'Chat', { isFunction: true, functionName: 'openChat' }),
        ],
      }),
      item('empty', 'Vacío', { children: [item('fn2', 'Chat', { isFunction: true, functionName: 'openChat' })] }),
    ];
    const shown = shownItems(items, ['USERS_READ'], ORIGIN);
    expect(shown.map((i) => [i.name, i.children.map((c) => c.name)])).toEqual([
      ['Usuarios', []],
      ['Grupo', ['Docs']],
    ]);
  });

  it("splits the user menu into the application's part, then the user's", () => {
    const shown = shownItems(
      [
        item('u', 'Perfil', { url: 'https://a.example', section: MENU_SECTION.user }),
        item('a', 'Ayuda', { url: 'https://b.example', section: MENU_SECTION.application }),
      ],
      [],
      ORIGIN,
    );
    expect(userMenuSections(shown).map((s) => [s.section, s.items.map((i) => i.name)])).toEqual([
      [MENU_SECTION.application, ['Ayuda']],
      [MENU_SECTION.user, ['Perfil']],
    ]);
  });

  it("falls back to the route map's sections, each with an icon of the set, as the seeded drawer draws them", () => {
    const fallback = fallbackDrawer(['USERS_READ', 'MENUS_READ']);
    expect(fallback.map((i) => [i.label, (i.target as { to: string }).to])).toEqual([
      ['shell.nav.users', PATHS.users],
      ['shell.nav.menus', PATHS.menuSettings],
    ]);
    expect(CONSOLE_SECTIONS.filter((section) => !isMenuIconName(section.icon))).toEqual([]);
  });

  it("shows a name left as the shell's Spanish name of its place in the page's language, and a chosen name as saved", () => {
    const spanish: Record<string, string> = { 'shell.nav.users': 'Usuarios', 'shell.nav.roles': 'Roles', 'shell.signOut': 'Cerrar sesión' };
    const english: Record<string, string> = { 'shell.nav.users': 'Users', 'shell.nav.roles': 'Roles', 'shell.signOut': 'Sign out' };
    const shown = shownItems(
      [
        item('users', 'Usuarios', { url: PATHS.users }),
        item('group', 'Usuarios', {
          children: [item('roles', 'Perfiles', { url: PATHS.roles }), item('out', 'Cerrar sesión', { url: PATHS.logout })],
        }),
      ],
      ['USERS_READ', 'ROLES_READ'],
      ORIGIN,
    );
    const named = inPageLanguage(
      shown,
      (key) => spanish[key],
      (key) => english[key],
    );
    // a group has no place of its own: its name stays, whatever it says
    expect(named.map((i) => [i.name, i.children.map((c) => c.name)])).toEqual([
      ['Users', []],
      ['Usuarios', ['Perfiles', 'Sign out']],
    ]);
  });

  it('opens a suite tile at its application address', () => {
    expect(suiteTiles([tile('f', 'Firmaya', 'https://firmaya.example/')], ORIGIN)[0].target).toEqual({
      kind: 'external',
      href: 'https://firmaya.example/',
    });
  });
});

describe('the shell draws the menus the API gives', () => {
  const ALL = CONSOLE_SECTIONS.map((section) => section.privilege);
  const menus: Record<string, unknown[]> = {
    1: [
      item('users', 'Usuarios', { url: PATHS.users, iconName: 'users' }),
      item('group', 'Ayuda', {
        url: 'https://help.example/',
        iconName: 'info',
        children: [item('menus', 'Ajustes de menú', { url: PATHS.menuSettings })],
      }),
    ],
    2: [item('news', 'Novedades', { url: 'https://news.example/' })],
    3: [
      item('help', 'Soporte', { url: 'https://support.example/', section: MENU_SECTION.application }),
      item('out', 'Salir', { url: PATHS.logout, section: MENU_SECTION.user }),
    ],
    4: [tile('f', 'Firmaya', 'https://firmaya.example/'), tile('b', 'Bemyself', 'https://bemyself.example/')],
  };
  const byLocation = (call: ApiCall): [number, unknown] => {
    const location = call.headers.get('idmenulocation') as string;
    return [
      200,
      {
        records: [
          {
            id: Number(location),
            idapplication: 1,
            application: 'ibuhoo',
            idmenulocation: Number(location),
            numberRows: 0,
            menujson: JSON.stringify(menus[location]),
            version: 1,
            modifiedOn: '',
          },
        ],
        count: 1,
      },
    ];
  };

  beforeEach(() => {
    resetRuntimeConfig();
    setRuntimeConfig({ appName: 'ibuhoo' });
    forgetShellMenus();
    localStorage.clear();
    sessionStore.signIn({
      token: jwt({
        identifier: '7',
        unique_name: 'admin',
        given_name: 'ADA',
        family_name: 'Lovelace',
        privileges: ALL,
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const renderLayout = (path: string = PATHS.users) =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <AuthenticatedLayout>
            <p>section</p>
          </AuthenticatedLayout>
        </MemoryRouter>
      </AppProviders>,
    );

  it('asks for each location of the page application, and draws the drawer, the top menu, the user menu and the suite grid', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'GET menu/GetMenuByUser': byLocation }, { appData: true });
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    // the places of the menu are held while it loads
    expect(within(nav).getByRole('list', { name: 'Cargando el menú…' })).toHaveAttribute('aria-busy', 'true');
    expect(await within(nav).findByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');
    expect(calls.map((c) => [c.headers.get('idmenulocation'), c.headers.get('appName')]).sort()).toEqual([
      ['1', 'ibuhoo'],
      ['2', 'ibuhoo'],
      ['3', 'ibuhoo'],
      ['4', 'ibuhoo'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Ayuda' })).toHaveAttribute('href', 'https://help.example/');
    expect(within(nav).getByRole('link', { name: 'Ajustes de menú' })).toHaveAttribute('href', PATHS.menuSettings);
    const toggle = within(nav).getByRole('button', { name: 'Submenú de Ayuda' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(within(nav).queryByRole('link', { name: 'Ajustes de menú' })).not.toBeInTheDocument();

    expect(within(screen.getByRole('navigation', { name: 'Menú superior' })).getByRole('link', { name: 'Novedades' })).toHaveAttribute(
      'href',
      'https://news.example/',
    );

    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    const menu = screen.getByRole('menu', { name: 'Menú de usuario' });
    expect(
      within(menu)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Aplicación', 'Usuario']);
    expect(within(menu).getByRole('menuitem', { name: 'Soporte' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Salir' })).toHaveFocus();
    // the menu leads to the sign-out already: the shell adds none of its own
    expect(within(menu).queryByRole('menuitem', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menú de usuario' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Aplicaciones de la suite' }));
    const grid = screen.getByRole('dialog', { name: 'Aplicaciones de la suite' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Firmaya', 'https://firmaya.example/'],
      ['Bemyself', 'https://bemyself.example/'],
    ]);
    expect(within(grid).getByRole('link', { name: 'Firmaya' })).toHaveFocus();
  });

  it('falls back to the sections the privileges open, says so, and keeps the sign-out, when the menus cannot be read', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET menu/GetMenuByUser': [500, { information: 'boom' }] }, { appData: true });
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(await within(nav).findByRole('status')).toHaveTextContent('No pudimos cargar el menú');
    // every section, in the route map's order, by its Spanish title
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(CONSOLE_SECTIONS.map((section) => section.titles.es));
    expect(within(nav).getAllByRole('link')[0]).toHaveTextContent('Usuarios');
    expect(screen.queryByRole('button', { name: 'Aplicaciones de la suite' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toHaveAttribute('href', PATHS.logout);
  });

  it('reads the menus once for the page: a second mount draws them at once', async () => {
    const calls = mockApi({ 'GET menu/GetMenuByUser': byLocation }, { appData: true });
    const first = renderLayout();
    await screen.findByRole('link', { name: 'Usuarios' });
    first.unmount();
    renderLayout(PATHS.menuSettings);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ajustes de menú' })).toHaveAttribute('aria-current', 'page'));
    expect(calls).toHaveLength(4);
  });
});
