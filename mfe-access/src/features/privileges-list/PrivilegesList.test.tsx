import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPLICATIONS, callsTo, cleanUpDialogs, privilege, renderAt, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const many = Array.from({ length: 12 }, (_, i) =>
  privilege(100 + i, `PRIV_${String(i).padStart(2, '0')}`, { createdon: `2025-06-${String(i + 1).padStart(2, '0')}T10:00:00Z` }),
);
const users = privilege(1, 'USERS_READ', {
  createdon: '2026-02-03T10:00:00Z',
  sharedApps: 'Consola,Licencias,Nómina',
  application: ['ibuhoo', 'license', 'product'],
});
const audit = privilege(2, 'AUDIT_LOG', { idstate: 1, licence: true, createdon: '2026-03-04T10:00:00Z' });

async function openList(records = [users, audit]) {
  const calls = serve({
    'GET /api/privilege/list': [200, { records, count: records.length }],
    'POST /api/privilege/modify': [200, written],
    'GET /api/application/getApplicationsForAssignAccess': [200, { records: APPLICATIONS, count: APPLICATIONS.length }],
    'GET /api/application/getApplicationsByIdPrivilege': [200, { records: [], count: 0 }],
  });
  renderAt('/privileges');
  const table = await screen.findByRole('table', { name: 'Privilegios' });
  await within(table).findAllByRole('switch');
  return { calls, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const names = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('privileges list', () => {
  it('shows name, created date, the first two applications with the rest in a tooltip, licence and state', async () => {
    const { calls, table } = await openList();
    expect(screen.getByRole('heading', { name: 'Privilegios' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/privilege/list')[0].headers.get('application')).toBeNull();
    expect(
      within(within(table).getAllByRole('row')[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'Fecha de creación', 'Aplicaciones', 'Licencia', 'Estado']);
    // newest first by default
    expect(names(table)).toEqual(['AUDIT_LOG', 'USERS_READ']);
    const usersRow = bodyRows(table)[1];
    expect(within(usersRow).getByText('03/02/2026')).toBeInTheDocument();
    const more = within(usersRow).getByLabelText('Todas las aplicaciones: Consola, Licencias, Nómina');
    expect(more).toHaveTextContent('+1');
    expect(more).toHaveAttribute('title', 'Consola, Licencias, Nómina');
    expect(within(usersRow).getByRole('switch', { name: 'Cambiar licencia de USERS_READ' })).toHaveAttribute('aria-checked', 'false');
    expect(within(usersRow).getByRole('switch', { name: 'Cambiar estado de USERS_READ' })).toHaveAttribute('aria-checked', 'true');
  });

  it('searches, sorts and pages on the client, and remembers it for the tab', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList([...many, users, audit]);
    expect(bodyRows(table)).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(names(table)).toEqual(['PRIV_03', 'PRIV_02', 'PRIV_01', 'PRIV_00']);

    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Inactivo');
    expect(names(table)[0]).toBe('AUDIT_LOG');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Más antiguo');
    expect(names(table).slice(0, 2)).toEqual(['PRIV_00', 'PRIV_01']);
    await user.selectOptions(screen.getByLabelText('Filas por página:'), '25');
    expect(bodyRows(table)).toHaveLength(14);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'nómina');
    expect(names(table)).toEqual(['USERS_READ']);
    expect(JSON.parse(window.sessionStorage.getItem('suite.table.privileges')!)).toMatchObject({ search: 'nómina', sort: 4, pageSize: 25 });
    // searching is the table's: one read of the list
    expect(callsTo(calls, '/api/privilege/list')).toHaveLength(1);
  });

  it('asks before switching the state, sends the whole privilege, shows the documented message and reloads', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await user.click(within(table).getByRole('switch', { name: 'Cambiar estado de USERS_READ' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Está seguro que desea inactivar este privilegio?');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('El privilegio quedó en estado inactivo para todas las aplicaciones asociadas')).toBeInTheDocument();
    expect(callsTo(calls, '/api/privilege/modify').map((call) => call.body)).toEqual([
      {
        id: 1,
        name: 'USERS_READ',
        description: '',
        idstate: 1,
        licence: false,
        isAuditable: false,
        application: ['ibuhoo', 'license', 'product'],
      },
    ]);
    await waitFor(() => expect(callsTo(calls, '/api/privilege/list')).toHaveLength(2));
  });

  it('asks before switching the licence; cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await user.click(within(table).getByRole('switch', { name: 'Cambiar licencia de AUDIT_LOG' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Está seguro que desea inactivar esta licencia?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(callsTo(calls, '/api/privilege/modify')).toHaveLength(0);

    await user.click(within(table).getByRole('switch', { name: 'Cambiar licencia de USERS_READ' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Está seguro que desea activar esta licencia?');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(callsTo(calls, '/api/privilege/modify')).toHaveLength(1));
    expect(callsTo(calls, '/api/privilege/modify')[0].body).toMatchObject({ id: 1, licence: true, idstate: 0 });
  });

  it('opens a row (click or Enter) and the create button', async () => {
    const user = userEvent.setup();
    const { table } = await openList();
    bodyRows(table)[1].focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent('/privileges/1'));
    expect(await screen.findByText('Detalles del privilegio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver a privilegios' }));
    await user.click(await screen.findByRole('button', { name: 'Crear privilegio' }));
    expect(await screen.findByText('Nuevo Privilegio')).toBeInTheDocument();
  });

  it('shows a failed read in an alert', async () => {
    serve({ 'GET /api/privilege/list': [400, { information: 'La base de datos no está disponible.', informationCode: 'R400' }] });
    renderAt('/privileges');
    expect(await screen.findByRole('alert')).toHaveTextContent('La base de datos no está disponible.');
  });
});
