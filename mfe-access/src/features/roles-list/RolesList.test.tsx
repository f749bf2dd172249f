import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, cleanUpDialogs, renderAt, role, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const longName = 'Administrador general de la consola de identidad';
const admin = role(1, longName, { description: 'Todo', createdon: '2026-02-01T10:00:00Z', sharedApps: 'Consola,Licencias,Nómina' });
const reader = role(2, 'Lector', { idstate: 1, createdon: '2026-03-01T10:00:00Z' });

async function openList() {
  const calls = serve({
    'GET /api/role/list': [200, { records: [admin, reader], count: 2 }],
    'POST /api/role/modify': [200, written],
  });
  renderAt('/roles');
  const table = await screen.findByRole('table', { name: 'Roles' });
  await within(table).findAllByRole('switch');
  return { calls, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCells = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('roles list', () => {
  it('shows every role: the name cut at 40 with the whole name on hover, created date, applications and state', async () => {
    const { calls, table } = await openList();
    const [list] = callsTo(calls, '/api/role/list');
    expect([list.headers.get('application'), list.headers.get('user')]).toEqual([null, null]);
    expect(
      within(within(table).getAllByRole('row')[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'Fecha de creación', 'Aplicaciones', 'Estado']);
    expect(firstCells(table)).toEqual(['Lector', `${longName.slice(0, 40)}…`]);
    const cut = within(bodyRows(table)[1]).getByLabelText(longName);
    expect(cut).toHaveAttribute('title', longName);
    expect(within(bodyRows(table)[1]).getByText('01/02/2026')).toBeInTheDocument();
    expect(within(bodyRows(table)[1]).getByText('+1')).toBeInTheDocument();
  });

  it('searches and sorts on the client', async () => {
    const user = userEvent.setup();
    const { table } = await openList();
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Activo');
    expect(firstCells(table)[0]).toContain('Administrador');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'lect');
    expect(firstCells(table)).toEqual(['Lector']);
  });

  it('asks before switching the state, sends { id, description, idstate } and shows the documented message', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await user.click(within(table).getByRole('switch', { name: 'Cambiar estado de Lector' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Está seguro que desea activar este rol?');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('El Rol quedó en estado activo')).toBeInTheDocument();
    expect(callsTo(calls, '/api/role/modify').map((call) => call.body)).toEqual([{ id: 2, description: '', idstate: 0 }]);
    await waitFor(() => expect(callsTo(calls, '/api/role/list')).toHaveLength(2));
  });

  it('a row opens its card; the create button a new role', async () => {
    const user = userEvent.setup();
    const { table } = await openList();
    await user.click(bodyRows(table)[0]);
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/roles/2'));
    await user.click(await screen.findByRole('button', { name: 'Volver a roles' }));
    await user.click(await screen.findByRole('button', { name: 'Crear rol' }));
    expect(await screen.findByText('Nuevo rol')).toBeInTheDocument();
  });
});
