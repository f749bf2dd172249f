import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATIONS, callsTo, cleanUpDialogs, menuItem, menuRecord, renderAt, serve } from '../../testServer';
import { MENU_MESSAGES } from '@suite/shared/console';

afterEach(cleanUpDialogs);

const written = (information: string) => ({ information, informationCode: 'A10', id: 7, version: 4 });

async function openEditor(routes: Parameters<typeof serve>[0] = {}) {
  const users = menuItem('Usuarios', { privilege: 'USERS_READ' });
  const roles = menuItem('Roles');
  const apps = menuItem('Aplicaciones');
  const calls = serve({
    'GET /api/application/getApplicationsForAssignMenu': [200, { records: APPLICATIONS, count: 2 }],
    'GET /api/menu/privileges': [
      200,
      {
        records: [
          { name: 'USERS_READ', description: '' },
          { name: 'MENUS_READ', description: '' },
        ],
      },
    ],
    'GET /api/menu/GetMenuByApp': (call) => [
      200,
      call.headers.get('idmenulocation') === '1' && call.headers.get('idapplication') === '1'
        ? menuRecord([users, roles, apps])
        : menuRecord([], {
            id: 0,
            version: 0,
            idapplication: Number(call.headers.get('idapplication')),
            idmenulocation: Number(call.headers.get('idmenulocation')),
          }),
    ],
    'POST /api/menu/Modify': [200, written(MENU_MESSAGES.modified)],
    'POST /api/menu/Create': [200, written(MENU_MESSAGES.saved)],
    ...routes,
  });
  const user = userEvent.setup();
  renderAt('/menuSettings');
  expect(await screen.findByRole('heading', { name: 'Ajustes de menú' })).toBeInTheDocument();
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Aplicación' }),
    await screen.findByRole('option', { name: 'Suite GSE' }),
  );
  const tree = await screen.findByRole('tree', { name: 'Ítems del menú' });
  await within(tree).findByText('Usuarios');
  return { calls, user, tree };
}

const order = (tree: HTMLElement) =>
  within(tree)
    .getAllByRole('treeitem')
    .map((item) => item.textContent);
const saveButton = () => screen.getByRole('button', { name: 'Guardar menú' });
const discardButton = () => screen.getByRole('button', { name: 'No guardar' });

describe('menu settings', () => {
  it('shows the four location tabs and the chosen application menu; save and discard wait for a change', async () => {
    const { tree } = await openEditor();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Lateral',
      'Superior',
      'Menú de usuario',
      'Suite de aplicaciones',
    ]);
    expect(order(tree)).toEqual(['Usuarios', 'Roles', 'Aplicaciones']);
    expect(saveButton()).toBeDisabled();
    expect(discardButton()).toBeDisabled();
  });

  it('reorders with the move buttons, across levels, and saves the whole menu with the version it loaded', async () => {
    const { calls, user, tree } = await openEditor();
    await user.click(within(tree).getByText('Roles'));
    await user.click(screen.getByRole('button', { name: 'Meter Roles en el ítem anterior' }));
    expect(order(tree)).toEqual(['Usuarios', 'Roles', 'Aplicaciones']);
    await user.click(within(tree).getByText('Aplicaciones'));
    await user.click(screen.getByRole('button', { name: 'Subir Aplicaciones' }));
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expect(await screen.findByText(MENU_MESSAGES.modified)).toBeInTheDocument();
    const [modify] = callsTo(calls, '/api/menu/Modify');
    expect(modify.body).toMatchObject({ id: 7, version: 3, idapplication: 1, idmenulocation: 1, numberRows: 0 });
    const saved = JSON.parse(modify.body.menujson) as { name: string; children: { name: string }[] }[];
    expect(saved.map((i) => [i.name, i.children.map((c) => c.name)])).toEqual([
      ['Aplicaciones', []],
      ['Usuarios', ['Roles']],
    ]);
    // the saved menu is reloaded: nothing left to save
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('reorders with the keyboard alone: Ctrl+Shift+D, arrows, Enter', async () => {
    const { user, tree } = await openEditor();
    await user.click(within(tree).getByText('Usuarios'));
    await user.keyboard('{Control>}{Shift>}[KeyD]{/Shift}{/Control}');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    // three steps down from the top: past Roles, past Aplicaciones, then into Aplicaciones
    await waitFor(() => expect(order(tree)).toEqual(['Roles', 'Aplicaciones', 'Usuarios']));
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((item) => item.getAttribute('aria-level')),
    ).toEqual(['1', '1', '2']);
    expect(saveButton()).toBeEnabled();
  });

  it('switches a parent off with its children, and the live preview leaves them out', async () => {
    const { user, tree } = await openEditor();
    await user.click(within(tree).getByText('Roles'));
    await user.click(screen.getByRole('button', { name: 'Meter Roles en el ítem anterior' }));
    const preview = screen.getByRole('region', { name: 'Vista previa' });
    expect(within(preview).getByText('Roles')).toBeInTheDocument();
    await user.click(within(tree).getByText('Usuarios'));
    await user.click(screen.getByRole('checkbox', { name: 'Activar Usuarios' }));
    expect(within(tree).getAllByText('Inactivo')).toHaveLength(2);
    expect(within(preview).queryByText('Usuarios')).toBeNull();
    expect(within(preview).queryByText('Roles')).toBeNull();
    await user.click(within(tree).getByText('Roles'));
    expect(screen.getByRole('checkbox', { name: 'Activar Roles' })).toBeDisabled();
  });

  it('keeps every edit on screen when the save is refused as stale', async () => {
    const { user, tree } = await openEditor({
      'POST /api/menu/Modify': [409, { information: MENU_MESSAGES.stale, informationCode: 'R409' }],
    });
    await user.click(within(tree).getByText('Aplicaciones'));
    await user.click(screen.getByRole('button', { name: 'Subir Aplicaciones' }));
    await user.click(saveButton());
    expect(await screen.findByText(MENU_MESSAGES.stale)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(order(tree)).toEqual(['Usuarios', 'Aplicaciones', 'Roles']);
    expect(saveButton()).toBeEnabled();
  });

  it('asks before leaving a tab with unsaved changes; No guardar drops them', async () => {
    const { user, tree } = await openEditor();
    await user.click(within(tree).getByText('Aplicaciones'));
    await user.click(screen.getByRole('button', { name: 'Subir Aplicaciones' }));
    await user.click(screen.getByRole('tab', { name: 'Superior' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MENU_MESSAGES.unsavedChanges);
    await user.click(within(dialog).getByRole('button', { name: 'No guardar' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Superior' })).toHaveAttribute('aria-selected', 'true'));
    // the tree and its preview both say so
    expect(await screen.findAllByText('Este menú no tiene ítems.')).toHaveLength(2);
  });

  it('shows each application its own menu, edits reverted by hand included', async () => {
    const { user, tree } = await openEditor();
    await user.click(within(tree).getByText('Aplicaciones'));
    await user.click(screen.getByRole('button', { name: 'Subir Aplicaciones' }));
    await user.click(screen.getByRole('button', { name: 'Bajar Aplicaciones' }));
    expect(saveButton()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aplicación' }), screen.getByRole('option', { name: 'Firmaya' }));
    await waitFor(() => expect(within(screen.getByRole('tree', { name: 'Ítems del menú' })).queryAllByRole('treeitem')).toHaveLength(0));
  });

  it('shows the saved menu as a chosen user gets it, the server applying their privileges', async () => {
    const ana = {
      id: '00000000-0000-4000-8000-00000000000a',
      userName: 'ana',
      names: 'Ana',
      surnames: 'Díaz',
      document: '1',
      email: 'ana@x.test',
      idstate: 1,
      typeuserid: 2,
      modifiedon: '2026-01-01T10:00:00Z',
    };
    const { calls, user } = await openEditor({
      'GET /api/user/list': [200, { users: [ana], rows: 1 }],
      'GET /api/menu/list': [200, { records: [menuRecord([menuItem('Roles')])], count: 1 }],
    });
    await user.type(screen.getByRole('textbox', { name: 'Ver como usuario' }), 'ana');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Usuario' }), 'ana — Ana Díaz');
    const view = await screen.findByRole('region', { name: 'Menú de ana' });
    expect(within(view).getByText('Roles')).toBeInTheDocument();
    expect(within(view).queryByText('Usuarios')).toBeNull();
    expect(callsTo(calls, '/api/menu/list')[0].headers.get('userid')).toBe(ana.id);
    expect(callsTo(calls, '/api/menu/list')[0].headers.get('idapplication')).toBe('1');
    expect(callsTo(calls, '/api/user/list')[0].headers.get('customerSearch')).toBe('ana');
  });

  it('adds an item in two steps (data, then icon) and checks the URL as the API does', async () => {
    const { user, tree } = await openEditor();
    await user.click(screen.getByRole('button', { name: '+ Crear Menu' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Reportes');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    expect(await within(dialog).findByText(MENU_MESSAGES.urlInvalid)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'URL' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://reportes.test');
    // none chosen means everyone signed in (docs/adr/0031): the field says so
    expect(within(dialog).getByRole('listbox', { name: 'Privilegios' })).toHaveAccessibleDescription(
      'Sin ninguno elegido, lo ve todo usuario con sesión en la aplicación.',
    );
    await user.selectOptions(within(dialog).getByRole('listbox', { name: 'Privilegios' }), 'USERS_READ');
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await user.type(await within(dialog).findByRole('searchbox', { name: 'Buscar ícono' }), 'chart-col');
    await user.click(within(dialog).getByRole('radio', { name: 'chart-column' }));
    expect(within(dialog).getByRole('radio', { name: 'chart-column' })).toHaveTextContent('chart-column');
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));
    expect(order(tree)).toEqual(['Usuarios', 'Roles', 'Aplicaciones', 'Reportes']);
    expect(saveButton()).toBeEnabled();
  });

  it('deletes a leaf after the question, and offers no delete on a parent', async () => {
    const { user, tree } = await openEditor();
    await user.click(within(tree).getByText('Roles'));
    await user.click(screen.getByRole('button', { name: 'Meter Roles en el ítem anterior' }));
    await user.click(within(tree).getByText('Usuarios'));
    expect(screen.queryByRole('button', { name: 'Eliminar Usuarios' })).toBeNull();
    await user.click(within(tree).getByText('Aplicaciones'));
    await user.click(screen.getByRole('button', { name: 'Eliminar Aplicaciones' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MENU_MESSAGES.deleteItem);
    await user.click(within(dialog).getByRole('button', { name: 'Sí' }));
    await waitFor(() => expect(order(tree)).toEqual(['Usuarios', 'Roles']));
  });

  it('says so when the menu cannot be read, instead of an empty editor', async () => {
    serve({
      'GET /api/application/getApplicationsForAssignMenu': [200, { records: APPLICATIONS, count: 2 }],
      'GET /api/menu/privileges': [200, { records: [] }],
      'GET /api/menu/GetMenuByApp': [400, { information: 'La aplicación no existe.', informationCode: 'R400' }],
    });
    const user = userEvent.setup();
    renderAt('/menuSettings');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Aplicación' }),
      await screen.findByRole('option', { name: 'Suite GSE' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('La aplicación no existe.');
    expect(screen.queryByRole('tree')).toBeNull();
    expect(screen.getByRole('button', { name: /Crear/ })).toBeDisabled();
  });
});
