import { DialogHost, closeAllDialogs, sessionStore } from '@suite/shared';
import { type UserRow } from '@suite/shared/console';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { registerResources } from '@suite/shared';
import { Where, jwt, mockApi, renderInHost, reply, type ApiCall as Call } from '@suite/shared/testing';
import { NS, resources } from './i18n';
import { UsersPage } from './UsersPage';

registerResources(NS, resources);

const row = (overrides: Partial<UserRow>): UserRow => ({
  id: '1',
  userName: 'admin',
  names: 'Administrador',
  surnames: 'Suite',
  document: '1023456',
  email: 'admin@suite.test',
  idstate: 1,
  typeuserid: 1,
  modifiedon: '2026-01-01T00:00:00Z',
  ...overrides,
});

const admin = row({});
const jdoe = row({
  id: '2',
  userName: 'jdoe',
  names: 'John',
  surnames: 'Doe',
  document: '80123456789',
  email: 'j@d.co',
  idstate: 2,
  typeuserid: 2,
});
const ana = row({
  id: '3',
  userName: 'ana',
  names: 'Ana',
  surnames: 'Núñez',
  document: 'AB123',
  email: 'ana@d.co',
  idstate: 1,
  typeuserid: 4,
});

const ok = (result: unknown) => reply(200, { statusCode: 200, result });
const listOf = (users: UserRow[], rows = users.length) => ok({ users, rows });

/** The list screen alone as the host mounts it; a card's path shows only the location (an <output>: role status, like the list's loading state). */
function renderUsers() {
  return renderInHost(
    <>
      <Routes>
        <Route path="users" element={<UsersPage />} />
        <Route path="users/*" element={<Where />} />
      </Routes>
      <DialogHost />
    </>,
    '/users',
  );
}

const lists = (calls: Call[]) => calls.filter((call) => call.path === '/api/user/list');
const token = jwt({ given_name: 'Admin', exp: Math.floor(Date.now() / 1000) + 600 });

beforeEach(() => {
  window.sessionStorage.clear(); // the list remembers its query for the tab
  sessionStore.signOut();
  sessionStore.signIn({ token });
});

afterEach(() => act(() => closeAllDialogs()));

describe('users list', () => {
  it('shows the users from GET /api/user/list, newest first, 10 per page', async () => {
    const calls = mockApi(() => listOf([admin, jdoe]));
    renderUsers();

    expect(screen.getByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Usuario', 'Nombres', 'Apellidos', 'Documento', 'Correo electrónico', 'Estado', 'Acciones']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['admin', 'Administrador', 'Suite', '1.023.456', 'admin@suite.test', 'Activo', '']);
    expect(within(rows[2]).getByRole('cell', { name: '80.123.456.789' })).toBeInTheDocument();
    expect(within(rows[2]).getAllByRole('cell')[5]).toHaveTextContent(/^Inactivo$/);
    expect(screen.getByLabelText('Ordenar por')).toHaveDisplayValue('Más reciente');
    expect([...(screen.getByLabelText('Ordenar por') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Activo',
      'Inactivo',
      'Más reciente',
      'Más antiguo',
    ]);

    const [request] = calls;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/user/list');
    expect(request.headers.get('customerSearch')).toBe('');
    expect(request.headers.get('pages')).toBe('1,10');
    expect(request.headers.get('filterBy')).toBe('3');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('shows the state switch only for users of type 2 or 4', async () => {
    mockApi(() => listOf([admin, jdoe, ana]));
    renderUsers();
    await screen.findByText('jdoe');
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Cambiar estado de jdoe',
      'Cambiar estado de ana',
    ]);
    expect(screen.getByRole('switch', { name: 'Cambiar estado de ana' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('cell', { name: 'AB123' })).toBeInTheDocument();
  });

  it("reads 'Bloqueado' while a lockout holds the person, with the minutes left of a temporary lock; the switch stays", async () => {
    const until = (ms: number) => new Date(Date.now() + ms).toISOString();
    mockApi(() =>
      listOf([
        { ...jdoe, lock: { kind: 'locked', until: until(3.5 * 60_000) } },
        { ...ana, lock: { kind: 'locked', until: until(20_000) } },
        row({ id: '4', userName: 'bloq', idstate: 1, typeuserid: 2, lock: { kind: 'blocked' } }),
        row({ id: '5', userName: 'seis', idstate: 6, typeuserid: 2 }),
        admin,
      ]),
    );
    renderUsers();
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    const states = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((one) => within(one).getAllByRole('cell')[5].textContent);
    expect(states).toEqual(['Bloqueado · 4 min', 'Bloqueado · 1 min', 'Bloqueado', 'Bloqueado', 'Activo']);
    expect(screen.getByRole('switch', { name: 'Cambiar estado de jdoe' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Cambiar estado de bloq' })).toHaveAttribute('aria-checked', 'true');
  });

  it("offers neither the state switch nor delete on the signed-in administrator's own row", async () => {
    sessionStore.signIn({ token: jwt({ identifier: jdoe.id, given_name: 'John', exp: Math.floor(Date.now() / 1000) + 600 }) });
    mockApi(() => listOf([admin, jdoe, ana]));
    renderUsers();
    await screen.findByText('jdoe');
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-label'))).toEqual(['Cambiar estado de ana']);
    expect(screen.queryByRole('button', { name: 'Eliminar jdoe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar ana' })).toBeInTheDocument();
  });

  it("says 'No se encontraron resultados' when there are none", async () => {
    mockApi(() => listOf([]));
    renderUsers();
    expect(await screen.findByText('No se encontraron resultados')).toBeInTheDocument();
  });

  it("reads 'más de' when the API capped a search's count", async () => {
    mockApi(() => ok({ users: [admin, jdoe, ana], rows: 200, rowsCapped: true }));
    renderUsers();
    expect(await screen.findByText('1-10 de más de 200')).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be read', async () => {
    mockApi(() => reply(400, { statusCode: 400, result: { information: 'Búsqueda no válida', informationCode: 'R400' } }));
    renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Búsqueda no válida');
  });

  it('shows a loading state first', () => {
    jest.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
    renderUsers();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando usuarios…');
  });

  it('finds the search, sort and page as it left them when it comes back (e.g. from a card)', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => listOf([admin, jdoe], 57));
    const first = renderUsers();
    await screen.findByText('1-10 de 57');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'gómez{Enter}');
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Inactivo');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(lists(calls).at(-1)?.headers.get('pages')).toBe('2,10'));
    first.unmount();

    const before = lists(calls).length;
    renderUsers();
    await waitFor(() => expect(lists(calls)).toHaveLength(before + 1));
    const back = lists(calls).at(-1)!.headers;
    expect([back.get('customerSearch'), back.get('filterBy'), back.get('pages')]).toEqual([encodeURIComponent('gómez'), '2', '2,10']);
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('gómez');
  });

  it('searches on the server on Enter, sorts and pages through the headers', async () => {
    const user = userEvent.setup();
    const calls = mockApi(() => listOf([admin, jdoe], 57));
    renderUsers();
    await screen.findByText('1-10 de 57');
    expect(screen.getByText('Presiona la tecla Enter para filtar tu busqueda')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(lists(calls).at(-1)?.headers.get('pages')).toBe('2,10'));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'núñez');
    expect(lists(calls)).toHaveLength(2);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lists(calls)).toHaveLength(3));
    expect(lists(calls)[2].headers.get('customerSearch')).toBe(encodeURIComponent('núñez'));
    expect(lists(calls)[2].headers.get('pages')).toBe('1,10');
    // Enter again on the same text searches again (fresh results)
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lists(calls)).toHaveLength(4));
    expect(lists(calls)[3].headers.get('customerSearch')).toBe(encodeURIComponent('núñez'));

    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Inactivo');
    await waitFor(() => expect(lists(calls).at(-1)?.headers.get('filterBy')).toBe('2'));
    await user.selectOptions(await screen.findByLabelText('Filas por página:'), '25');
    await waitFor(() => expect(lists(calls).at(-1)?.headers.get('pages')).toBe('1,25'));
  });

  it('keeps the pager while the next page loads', async () => {
    const user = userEvent.setup();
    let first = true;
    mockApi(() => {
      if (first) {
        first = false;
        return listOf([admin, jdoe], 57);
      }
      return new Promise<Response>(() => undefined);
    });
    renderUsers();
    await screen.findByText('1-10 de 57');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando usuarios…');
    expect(screen.getByText('11-20 de 57')).toBeInTheDocument();
  });

  it('switches a state after confirmation, shows the result and reloads', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) =>
      call.path === '/api/user/Inactivate' ? ok({ information: 'ok', informationCode: 'A10', id: '2' }) : listOf([admin, jdoe]),
    );
    renderUsers();
    await user.click(await screen.findByRole('switch', { name: 'Cambiar estado de jdoe' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('¿Deseas activar este usuario ?');
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((call) => call.path === '/api/user/Inactivate')).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Cambiar estado de jdoe' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Notificación' })).toHaveTextContent('El usuario quedó en estado activo');
    const change = calls.find((call) => call.path === '/api/user/Inactivate');
    expect(change).toMatchObject({ method: 'POST', body: { id: '2', idstate: 1 } });
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
  });

  it("shows the server's refusal in an Error dialog", async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) =>
      call.path === '/api/user/Inactivate'
        ? reply(400, {
            statusCode: 400,
            result: { information: 'No es posible cambiar de estado a este usuario', informationCode: 'R400' },
          })
        : listOf([row({ id: '9', userName: 'blocked', idstate: 6, typeuserid: 2 })]),
    );
    renderUsers();
    await user.click(await screen.findByRole('switch', { name: 'Cambiar estado de blocked' }));
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('No es posible cambiar de estado a este usuario');
    expect(lists(calls)).toHaveLength(1);
  });

  it('deletes after confirmation, shows the server message and reloads', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) =>
      call.path === '/api/user/delete'
        ? ok({ information: 'El usuario fue eliminado con éxito', informationCode: 'A10', id: '2' })
        : listOf([admin, jdoe]),
    );
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Eliminar jdoe' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Deseas eliminar este usuario?');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Notificación' })).toHaveTextContent('El usuario fue eliminado con éxito');
    expect(calls.find((call) => call.path === '/api/user/delete')).toMatchObject({ method: 'POST', body: { Id: '2' } });
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
  });

  it('the create button opens /users/new', async () => {
    const user = userEvent.setup();
    mockApi(() => listOf([admin]));
    renderUsers();
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/users\/new$/);
  });

  it('a row opens the user card, by click or by Enter', async () => {
    const user = userEvent.setup();
    mockApi(() => listOf([admin, jdoe]));
    const { unmount } = renderUsers();
    await user.click(await screen.findByText('John'));
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/users\/2$/);
    unmount();

    renderUsers();
    const cell = await screen.findByText('Administrador');
    (cell.closest('tr') as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/users\/1$/);
  });
});
