import { callsTo, cleanUpDialogs, consoleRemoteKit, serve, type ApiCall } from '@suite/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../../App';
import { formatWhen } from './format';

const { renderAt } = consoleRemoteKit(App);

afterEach(cleanUpDialogs);

const USER_ID = '5b0f2c4e-8d1a-4c3e-9f2a-1b2c3d4e5f60';
const signIn = {
  id: '12',
  at: '2026-03-05T15:04:05.000Z',
  actorId: USER_ID,
  actorName: 'anunez',
  action: 'user.sign_in',
  entity: 'user',
  entityId: USER_ID,
  targetName: 'anunez',
  application: 'ibuhoo',
};
const roleChange = {
  id: '11',
  at: '2026-03-04T09:30:00.000Z',
  actorId: null,
  actorName: '',
  action: 'role.modify',
  entity: 'role',
  entityId: '7',
  targetName: 'Lector',
  application: null,
};

/** The query string of each list request, as name → value. */
const listQueries = (calls: ApiCall[]) =>
  callsTo(calls, '/api/audit').map((call) => Object.fromEntries(new URL(call.request.url).searchParams));
const lastListQuery = (calls: ApiCall[]) => listQueries(calls).at(-1);

async function openList(page: unknown = { entries: [signIn, roleChange], rows: 2 }, routes = {}) {
  const calls = serve({ 'GET /api/audit': [200, page], ...routes });
  renderAt('/audit');
  expect(await screen.findByRole('heading', { name: 'Auditoría', level: 1 })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Auditoría' });
  await waitFor(() => expect(callsTo(calls, '/api/audit')).toHaveLength(1));
  return { calls, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
/** A table's rows as their cells' texts, header included. */
const tableTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/audit: the audit log', () => {
  it('lists the entries (— for no one and no application) and sends the search and filters in the query', async () => {
    const user = userEvent.setup();
    const { calls, table } = await openList();
    await within(table).findByText('role.modify');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha', 'Quién', 'Acción', 'Sobre qué', 'Aplicación', 'Detalle']);
    // an action's name, with its code beneath; the target's kind and name, with its id beneath
    expect(bodyRows(table).map(cells)).toEqual([
      [formatWhen(signIn.at, 'es'), 'anunez', 'Ingreso' + 'user.sign_in', 'Usuario · anunez' + USER_ID, 'ibuhoo', 'Ver detalle'],
      [formatWhen(roleChange.at, 'es'), '—', 'Rol modificado' + 'role.modify', 'Rol · Lector' + '7', '—', 'Ver detalle'],
    ]);
    expect(listQueries(calls)).toEqual([{ page: '1', size: '10' }]);
    expect(screen.getByText('1-2 de 2')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Actor'), 'anunez');
    await user.type(screen.getByLabelText('Objetivo'), '7');
    await user.type(screen.getByLabelText('Aplicación'), 'ibuhoo');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-31' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    const filtered = {
      actor: 'anunez',
      target: '7',
      application: 'ibuhoo',
      // the days in the browser's time zone: from the first one's start to the day after the last
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    };
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ ...filtered, page: '1', size: '10' }));

    // the search box asks on Enter, with the filters; so does Enter in a filter field
    await user.type(screen.getByRole('searchbox', { name: 'Buscar persona, acción u objetivo' }), 'anunez{Enter}');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ ...filtered, search: 'anunez', page: '1', size: '10' }));
    await user.type(screen.getByLabelText('Acción'), 'role.modify{Enter}');
    await waitFor(() =>
      expect(lastListQuery(calls)).toEqual({ ...filtered, search: 'anunez', action: 'role.modify', page: '1', size: '10' }),
    );

    await user.selectOptions(screen.getByLabelText('Filas por página:'), '25');
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ page: '1', size: '25' }));

    // Limpiar: every filter and the search gone
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', size: '25' }));
    expect(screen.getByLabelText('Actor')).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Buscar persona, acción u objetivo' })).toHaveValue('');
  });

  it('names each action in the person’s language, its code beneath; a code without a name is shown as it is', async () => {
    const user = userEvent.setup();
    const failed = { ...signIn, id: '13', action: 'user.sign_in_failed', actorName: 'intruso' };
    const unknown = { ...roleChange, id: '14', action: 'report.export' };
    const { table } = await openList(
      { entries: [failed, unknown], rows: 2 },
      { 'GET /api/audit/13': [200, { ...failed, before: null, after: { ip: '10.0.0.9' } }] },
    );
    const [failedRow, unknownRow] = bodyRows(table);
    const failedAction = within(failedRow).getAllByRole('cell')[2];
    expect(within(failedAction).getByText('Ingreso fallido')).toBeInTheDocument();
    // the code stays visible (what the Acción filter and the search take), in small monospace
    expect(within(failedAction).getByText('user.sign_in_failed').tagName).toBe('CODE');
    expect(within(unknownRow).getAllByRole('cell')[2]).toHaveTextContent(/^report\.export$/);
    expect(
      within(unknownRow).getByRole('button', { name: `Ver detalle de report.export del ${formatWhen(unknown.at, 'es')}` }),
    ).toBeInTheDocument();

    // the detail names it too
    await user.click(within(failedRow).getByRole('button', { name: `Ver detalle de Ingreso fallido del ${formatWhen(failed.at, 'es')}` }));
    const dialog = screen.getByRole('dialog', { name: 'Detalle de la entrada' });
    expect(within(dialog).getByText('Ingreso fallido')).toBeInTheDocument();
    expect(within(dialog).getByText('user.sign_in_failed')).toBeInTheDocument();
  });

  it('names what an entry is about by its kind and name, its id beneath; without a name, the kind over the id', async () => {
    const unknownUser = { ...signIn, id: '15', action: 'user.sign_in_failed', entityId: '', targetName: null };
    const gone = { ...roleChange, id: '16', action: 'notification.delete', entity: 'notification', entityId: '31', targetName: null };
    const newKind = { ...roleChange, id: '17', action: 'report.export', entity: 'report', entityId: 'r-9', targetName: 'Mensual' };
    const { table } = await openList({ entries: [signIn, unknownUser, gone, newKind], rows: 4 });
    const targets = bodyRows(table).map((row) => within(row).getAllByRole('cell')[3]);
    // the id in small monospace: what the Objetivo filter and the search take
    expect(within(targets[0]).getByText(USER_ID).tagName).toBe('CODE');
    expect(targets.map((cell) => cell.textContent)).toEqual([
      'Usuario · anunez' + USER_ID,
      // a failed sign-in of an account that does not exist: no id to show
      'Usuario',
      // a record no longer there
      'Notificación' + '31',
      // a kind the console has no word for, as the API wrote it
      'report · Mensual' + 'r-9',
    ]);
  });

  it('refuses a range that ends before it starts', async () => {
    const user = userEvent.setup();
    const { calls } = await openList();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-01' } });
    expect(screen.getByLabelText('Hasta')).toBeInvalid();
    await waitFor(() =>
      expect(screen.getByLabelText('Hasta')).toHaveAccessibleErrorMessage('La fecha «Hasta» no puede ser anterior a «Desde».'),
    );
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    await user.type(screen.getByLabelText('Actor'), 'ana{Enter}');
    expect(callsTo(calls, '/api/audit')).toHaveLength(1);
  });

  it('filters the sign-ins with the event type, which writes the action', async () => {
    const user = userEvent.setup();
    const { calls } = await openList();
    const eventType = screen.getByLabelText('Tipo de evento');
    expect(
      within(eventType)
        .getAllByRole('option')
        .filter((option) => !option.hidden)
        .map((option) => option.textContent),
    ).toEqual(['Todos', 'Ingresos correctos', 'Ingresos fallidos', 'Ingresos con proveedor']);

    await user.selectOptions(eventType, 'Ingresos fallidos');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ action: 'user.sign_in_failed', page: '1', size: '10' }));
    expect(screen.getByLabelText('Acción')).toHaveValue('user.sign_in_failed');

    // chosen, it applies with the other fields as typed
    await user.type(screen.getByLabelText('Actor'), 'anunez');
    await user.selectOptions(eventType, 'Ingresos con proveedor');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ actor: 'anunez', action: 'user.sign_in_external', page: '1', size: '10' }));

    // another action typed: the choice says so
    await user.clear(screen.getByLabelText('Acción'));
    await user.type(screen.getByLabelText('Acción'), 'role.create');
    expect(eventType).toHaveDisplayValue('Otra acción');

    await user.selectOptions(eventType, 'Todos');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ actor: 'anunez', page: '1', size: '10' }));
    expect(screen.getByLabelText('Acción')).toHaveValue('');
  });

  it('shows an entry’s detail: its fields and only the fields that changed, in a dialog that keeps and returns focus', async () => {
    const user = userEvent.setup();
    const { table } = await openList(undefined, {
      'GET /api/audit/11': [
        200,
        {
          ...roleChange,
          before: { name: 'Lector', description: 'Lee', idstate: 0, privileges: ['USERS_READ'] },
          after: { name: 'Lector', description: 'Lee todo', idstate: 1, privileges: ['USERS_READ'] },
        },
      ],
      'GET /api/audit/12': [200, { ...signIn, before: null, after: { ip: '10.0.0.1', method: 'password' } }],
    });
    const open = await within(table).findByRole('button', { name: `Ver detalle de Rol modificado del ${formatWhen(roleChange.at, 'es')}` });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Detalle de la entrada' });
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByText('Rol · Lector')).toBeInTheDocument();
    expect(within(dialog).getByText('7')).toBeInTheDocument();
    const changes = await within(dialog).findByRole('table', { name: 'Cambios' });
    expect(tableTexts(changes)).toEqual([
      ['Campo', 'Antes', 'Después'],
      ['description', 'Lee', 'Lee todo'],
      ['idstate', '0', '1'],
    ]);

    // focus stays in the dialog; Escape closes it and focus goes back to the button
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    // a row opens too (Enter on it); a sign-in has its data only after
    bodyRows(table)[0].focus();
    await user.keyboard('{Enter}');
    const signInDialog = screen.getByRole('dialog', { name: 'Detalle de la entrada' });
    const recorded = await within(signInDialog).findByRole('table', { name: 'Datos registrados' });
    expect(tableTexts(recorded)).toEqual([
      ['Campo', 'Valor'],
      ['ip', '10.0.0.1'],
      ['method', 'password'],
    ]);
    await user.click(within(signInDialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('exports the filtered entries as CSV with the session’s token, under the name the API gives', async () => {
    const user = userEvent.setup();
    const saved: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const files: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (file: Blob) => {
      files.push(file);
      return 'blob:audit-export';
    };
    URL.revokeObjectURL = jest.fn();
    try {
      let exports = 0;
      const { calls } = await openList(undefined, {
        'GET /api/audit/export': () =>
          exports++ === 0
            ? new Response('id,at,actor\n12,2026-03-05T15:04:05.000Z,anunez\n', {
                status: 200,
                headers: {
                  'Content-Type': 'text/csv; charset=utf-8',
                  'Content-Disposition': 'attachment; filename="auditoria-2026-03-05.csv"',
                },
              })
            : [500, { information: 'boom' }],
      });
      await user.selectOptions(screen.getByLabelText('Tipo de evento'), 'Ingresos correctos');
      await user.type(screen.getByRole('searchbox', { name: 'Buscar persona, acción u objetivo' }), 'anunez{Enter}');
      await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ search: 'anunez' }));

      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      await waitFor(() => expect(saved).toEqual([{ href: 'blob:audit-export', download: 'auditoria-2026-03-05.csv' }]));
      const [sent] = callsTo(calls, '/api/audit/export');
      expect(Object.fromEntries(new URL(sent.request.url).searchParams)).toEqual({ search: 'anunez', action: 'user.sign_in' });
      expect(sent.headers.get('authorization')).toMatch(/^Bearer /);
      expect(await files[0].text()).toBe('id,at,actor\n12,2026-03-05T15:04:05.000Z,anunez\n');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      // a failure says so, and the button is there to try again
      await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo exportar');
      expect(saved).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('says when no entry matches', async () => {
    const { table } = await openList({ entries: [], rows: 0 });
    expect(await within(table).findByRole('cell', { name: 'No hay entradas que coincidan.' })).toBeInTheDocument();
  });

  it('says “más de N” when the count stopped at the cap', async () => {
    await openList({ entries: [signIn], rows: 10_000, rowsCapped: true });
    expect(await screen.findByText('1-10 de más de 10.000')).toBeInTheDocument();
  });

  it('shows a failed read', async () => {
    await openList(undefined, { 'GET /api/audit': [400, { information: 'La fecha no es válida.', informationCode: 'R400' }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha no es válida.');
  });
});
