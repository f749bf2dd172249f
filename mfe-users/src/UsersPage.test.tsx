import { AppProviders, sessionStore, type UserRow } from '@suite/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import App from './App';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'EdDSA' })}.${encode(claims)}.sig`;
}

const row = (overrides: Partial<UserRow>): UserRow => ({
  id: '1',
  userName: 'admin',
  names: 'Administrador',
  surnames: 'Suite',
  document: '1023456',
  email: 'admin@suite.test',
  idstate: 1,
  typeuserid: 2,
  modifiedon: '2026-01-01T00:00:00Z',
  ...overrides,
});

function answer(status: number, body: unknown) {
  const requests: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    requests.push(input as Request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

function renderUsers() {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/users']}>
        <App />
      </MemoryRouter>
    </AppProviders>,
  );
}

const token = jwt({ given_name: 'Admin', exp: Math.floor(Date.now() / 1000) + 600 });

beforeEach(() => {
  sessionStore.signOut();
  sessionStore.signIn({ token });
});

describe('users list', () => {
  it('shows the users from GET /api/user/list', async () => {
    const requests = answer(200, {
      statusCode: 200,
      result: { users: [row({}), row({ id: '2', userName: 'jdoe', names: 'John', surnames: 'Doe', document: '80123456789', email: 'j@d.co', idstate: 2 })], rows: 2 },
    });
    renderUsers();

    expect(screen.getByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Usuario',
      'Nombres',
      'Apellidos',
      'Documento',
      'Correo electrónico',
      'Estado',
    ]);
    expect(within(rows[1]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'admin',
      'Administrador',
      'Suite',
      '1.023.456',
      'admin@suite.test',
      'Activo',
    ]);
    expect(within(rows[2]).getByRole('cell', { name: '80.123.456.789' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('cell', { name: 'Inactivo' })).toBeInTheDocument();

    const [request] = requests;
    expect(request.method).toBe('GET');
    expect(new URL(request.url).pathname).toBe('/api/user/list');
    expect(request.headers.get('customerSearch')).toBe('');
    expect(request.headers.get('pages')).toBe('1,10');
    expect(request.headers.get('filterBy')).toBe('3');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("says 'No se encontraron resultados' when there are none", async () => {
    answer(200, { statusCode: 200, result: { users: [], rows: 0 } });
    renderUsers();
    expect(await screen.findByText('No se encontraron resultados')).toBeInTheDocument();
  });

  it('shows the server message when the list cannot be read', async () => {
    answer(403, { statusCode: 403, result: { information: 'Sin privilegios', informationCode: 'R403' } });
    renderUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin privilegios');
  });

  it('shows a loading state first', () => {
    jest.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
    renderUsers();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando usuarios…');
  });
});
