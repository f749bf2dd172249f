import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATIONS, callsTo, cleanUpDialogs, menuRecord, renderAt, serve } from '../../testServer';
import { UPLOAD_HIDE_MS, logoProblem } from './upload';
import { MENU_MESSAGES } from '@suite/shared/console';

afterEach(() => {
  cleanUpDialogs();
  jest.useRealTimers();
});

const tile = {
  key: 'Tile000001',
  name: 'Firmaya',
  urlLanding: 'https://firmaya.test',
  urlApplication: 'https://firmaya.test/app',
  description: '',
  isActivate: true,
  iconName: '/brand/firmaya/logo.svg',
  iconNameDark: '/brand/firmaya/logo-white.svg',
};
const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('suite grid', () => {
  it('checks a logo as the form must: .png only, a name of 200 characters at most, 2 MB at most', () => {
    expect(logoProblem({ name: 'logo.gif', size: 10 })).toBe(MENU_MESSAGES.fileType);
    expect(logoProblem({ name: `${'a'.repeat(197)}.png`, size: 10 })).toBe(MENU_MESSAGES.fileName);
    expect(logoProblem({ name: 'logo.png', size: 2_097_153 })).toBe(MENU_MESSAGES.fileSize);
    expect(logoProblem({ name: 'logo.png', size: 2_097_152 })).toBeUndefined();
  });

  it('adds a tile: save stays disabled until both logos are uploaded and the fields are valid; the progress hides after 2 s', async () => {
    const calls = serve({
      'GET /api/application/getApplicationsForAssignMenu': [200, { records: APPLICATIONS, count: 2 }],
      'GET /api/menu/privileges': [200, { records: [] }],
      'GET /api/menu/GetMenuByApp': [200, menuRecord([tile], { idmenulocation: 4, numberRows: 4 })],
      'POST /api/menu/UploadImageMenu': (call) => [
        200,
        { relativePath: `/api/images/${call.body.FileName === 'dark.png' ? 'b' : 'a'}.png` },
      ],
      'POST /api/menu/Modify': [200, { information: MENU_MESSAGES.modified, informationCode: 'A10', id: 7, version: 4 }],
    });
    const user = userEvent.setup();
    renderAt('/menuSettings');
    await user.click(await screen.findByRole('tab', { name: 'Suite de aplicaciones' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Aplicación' }),
      await screen.findByRole('option', { name: 'Suite GSE' }),
    );
    const grid = await screen.findByRole('tree', { name: 'Aplicaciones de la suite' });
    expect(within(grid).getByText('Firmaya')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Crear Menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aplicación de la suite' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Biometría');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL de la página de inicio' }), 'https://bio.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL de la aplicación' }), 'https://bio.test/app');
    expect(save).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Logo claro: Cargar imagen'), png('light.png'));
    expect(await within(dialog).findByRole('img', { name: 'Logo claro' })).toHaveAttribute('src', '/api/images/a.png');
    expect(save).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Logo oscuro: Cargar imagen'), png('dark.png'));
    await within(dialog).findByRole('img', { name: 'Logo oscuro' });
    expect(within(dialog).getAllByRole('progressbar', { name: 'Cargando imagen' }).length).toBeGreaterThan(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, UPLOAD_HIDE_MS + 200)));
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(callsTo(calls, '/api/menu/UploadImageMenu').map((c) => [c.body.ApplicationName, c.body.Extension, c.body.FileName])).toEqual([
      ['ibuhoo', '.png', 'light.png'],
      ['ibuhoo', '.png', 'dark.png'],
    ]);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(within(grid).getByText('Biometría')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar menú' }));
    expect(await screen.findByText(MENU_MESSAGES.modified)).toBeInTheDocument();
    const saved = JSON.parse(callsTo(calls, '/api/menu/Modify')[0].body.menujson);
    expect(saved.map((t: { name: string }) => t.name)).toEqual(['Firmaya', 'Biometría']);
    expect(saved[1]).toMatchObject({ iconName: '/api/images/a.png', iconNameDark: '/api/images/b.png', isActivate: true });
    expect(callsTo(calls, '/api/menu/Modify')[0].body).toMatchObject({ idmenulocation: 4, numberRows: 4 });
  });

  it('reorders the tiles by keyboard drag (Ctrl+Shift+D, arrows, Enter) and by the move buttons of the focused tile', async () => {
    const bemyself = { ...tile, key: 'Tile000002', name: 'Bemyself' };
    const license = { ...tile, key: 'Tile000003', name: 'License' };
    const calls = serve({
      'GET /api/application/getApplicationsForAssignMenu': [200, { records: APPLICATIONS, count: 2 }],
      'GET /api/menu/privileges': [200, { records: [] }],
      'GET /api/menu/GetMenuByApp': [200, menuRecord([tile, bemyself, license], { idmenulocation: 4, numberRows: 4 })],
      'POST /api/menu/Modify': [200, { information: MENU_MESSAGES.modified, informationCode: 'A10', id: 7, version: 4 }],
    });
    const user = userEvent.setup();
    renderAt('/menuSettings');
    await user.click(await screen.findByRole('tab', { name: 'Suite de aplicaciones' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Aplicación' }),
      await screen.findByRole('option', { name: 'Suite GSE' }),
    );
    const grid = await screen.findByRole('tree', { name: 'Aplicaciones de la suite' });
    const order = () =>
      within(grid)
        .getAllByRole('treeitem')
        .map((item) => item.textContent);
    expect(order()).toEqual(['Firmaya', 'Bemyself', 'License']);
    await user.click(within(grid).getByText('Firmaya'));
    await user.keyboard('{Control>}{Shift>}[KeyD]{/Shift}{/Control}');
    // the drag starts just after the tile itself; one step down is past Bemyself
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(order()).toEqual(['Bemyself', 'Firmaya', 'License']));
    await user.click(within(grid).getByText('License'));
    await user.click(screen.getByRole('button', { name: 'Subir License' }));
    expect(order()).toEqual(['Bemyself', 'License', 'Firmaya']);
    expect(screen.getByRole('button', { name: 'Subir License' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Guardar menú' }));
    expect(await screen.findByText(MENU_MESSAGES.modified)).toBeInTheDocument();
    expect(JSON.parse(callsTo(calls, '/api/menu/Modify')[0].body.menujson).map((t: { name: string }) => t.name)).toEqual([
      'Bemyself',
      'License',
      'Firmaya',
    ]);
  });
});
