import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, callsTo, cleanUpDialogs, renderAt, serve, userDetail } from './testServer';

afterEach(cleanUpDialogs);

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const tab = (name: string) => screen.getByRole('tab', { name });
const updated = { informationCode: 'A10', information: 'ok', id: IDS.user };

async function openExisting(overrides: Parameters<typeof serve>[0] = {}) {
  const calls = serve({ 'POST /api/user/modify': [200, updated], ...overrides });
  renderAt(`/users/${IDS.user}`);
  expect(await screen.findByText('Detalles del usuario')).toBeInTheDocument();
  await waitFor(() => expect(field('Nombres')).toHaveValue('Ana María'));
  return calls;
}

async function fillNewUser(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Usuario' });
  await user.selectOptions(field('Tipo de usuario'), 'Usuario');
  await user.type(field('Nombres'), 'Carlos');
  await user.type(field('Apellidos'), 'Pérez');
  await user.type(field('Usuario'), 'cperez');
  await user.type(field('Correo electrónico'), 'cperez@empresa.test');
  await user.selectOptions(field('País'), 'Colombia');
  await screen.findByRole('option', { name: 'Cédula de ciudadanía' });
  await user.selectOptions(field('Tipo de documento'), 'Cédula de ciudadanía');
  await user.type(field('Documento'), '80123456');
  await user.type(field('Teléfono'), '3001234567');
}

describe('user card', () => {
  it('opens an existing user in detail mode; the pencil switches to edit mode', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    expect(callsTo(calls, '/api/user/getbyid')[0].headers.get('pid')).toBe(IDS.user);
    expect(field('Nombres')).toBeDisabled();
    expect(field('Teléfono')).toHaveValue('(+57) 300 1234567');
    expect(field('Tipo de documento')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByText('Editar usuario')).toBeInTheDocument();
    expect(field('Nombres')).toBeEnabled();
  });

  it("shows the person's second factors; an administrator removes one after a question, and is told the person gets an e-mail", async () => {
    const user = userEvent.setup();
    const factor = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      kind: 'totp',
      name: 'Teléfono',
      createdAt: '2026-11-01T10:00:00Z',
      lastUsedAt: null,
    };
    let removed = false;
    const calls = serve({
      [`GET /api/user/${IDS.user}/factors`]: () => [
        200,
        removed ? { factors: [], recoveryCodesLeft: 0 } : { factors: [factor], recoveryCodesLeft: 10 },
      ],
      [`POST /api/user/${IDS.user}/factors/${factor.id}/remove`]: () => {
        removed = true;
        return [200, { factors: [], recoveryCodesLeft: 0 }];
      },
    });
    renderAt(`/users/${IDS.user}`);
    const section = await screen.findByRole('region', { name: 'Segundo factor' });
    expect(await within(section).findByRole('cell', { name: 'Teléfono' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Quitar Teléfono' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('¿Deseas quitar «Teléfono»? La persona recibirá un correo.');
    await user.click(within(question).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Se quitó el factor. La persona recibirá un correo.')).toBeInTheDocument();
    expect(callsTo(calls, `/api/user/${IDS.user}/factors/${factor.id}/remove`)).toHaveLength(1);
    await waitFor(() => expect(within(section).getByText('No tiene un segundo factor.')).toBeInTheDocument());
  });

  it('updates the Datos tab with the contract body and shows the notification', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(field('Nombres'));
    await user.type(field('Nombres'), 'Ana Lucía');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Notificación' });
    expect(dialog).toHaveAccessibleDescription('Los datos del usuario han sido actualizados');
    expect(callsTo(calls, '/api/user/modify').map((call) => call.body)).toEqual([
      {
        id: IDS.user,
        names: 'Ana Lucía',
        surnames: 'Núñez',
        userName: 'anunez',
        email: 'ana@empresa.test',
        document: '1020304050',
        phoneNumber: '3001234567',
        idTypeUser: 2,
        countryCode: 'CO',
        documentType: 'CC',
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    // back to detail mode with the stored data
    expect(await screen.findByText('Detalles del usuario')).toBeInTheDocument();
  });

  it('asks before leaving a tab with changes: Descartar restores, Actualizar saves', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.type(field('Apellidos'), ' Peña');

    await user.click(tab('empresas'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('¿Hiciste Modificaciones ¿deseas actualizarlas?');
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('table', { name: 'Empresas del usuario' })).toBeInTheDocument();
    await user.click(tab('Datos'));
    expect(field('Apellidos')).toHaveValue('Núñez');
    expect(callsTo(calls, '/api/user/modify')).toHaveLength(0);

    await user.type(field('Apellidos'), ' Peña');
    await user.click(tab('roles'));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(callsTo(calls, '/api/user/modify')).toHaveLength(1));
    expect(callsTo(calls, '/api/user/modify')[0].body.surnames).toBe('Núñez Peña');
  });

  it('keeps exactly one main company and asks before replacing it; switches are disabled when not editing', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(tab('empresas'));
    const table = await screen.findByRole('table', { name: 'Empresas del usuario' });
    const acmeMain = await within(table).findByRole('switch', { name: 'Empresa principal: Acme' });
    const bravoMain = within(table).getByRole('switch', { name: 'Empresa principal: Bravo' });
    expect(acmeMain).toHaveAttribute('aria-checked', 'true');
    expect(bravoMain).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(bravoMain);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Desea cambiar la empresa principal?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(bravoMain).toHaveAttribute('aria-checked', 'false');

    await user.click(within(table).getByRole('switch', { name: 'Asignada: Bravo' }));
    await user.click(bravoMain);
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(bravoMain).toHaveAttribute('aria-checked', 'true'));
    expect(acmeMain).toHaveAttribute('aria-checked', 'false');
    // making it main cleared its assigned flag, and the main company's assigned switch is off
    expect(within(table).getByRole('switch', { name: 'Asignada: Bravo' })).toHaveAttribute('aria-checked', 'false');
    expect(within(table).getByRole('switch', { name: 'Asignada: Bravo' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await screen.findByText('¡El usuario fue actualizado con éxito!');
    const [modify] = callsTo(calls, '/api/user/modify');
    expect(modify.body.customer).toEqual([
      { id: IDS.acme, name: 'Acme', principal: false, assigned: false },
      { id: IDS.bravo, name: 'Bravo', principal: true, assigned: false },
    ]);
    expect(modify.body.userName).toBe(userDetail.userName);
    expect(modify.body.roles).toBeUndefined();
  });

  it('refuses to update companies without a main company', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(tab('empresas'));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(await screen.findByRole('switch', { name: 'Empresa principal: Acme' }));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('*Se requiere una empresa principal')).toBeInTheDocument();
    expect(callsTo(calls, '/api/user/modify')).toHaveLength(0);
  });

  it('counts roles per application, hides inactive roles and assigns all', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(tab('roles'));
    const app = await screen.findByRole('button', { name: 'Consola 2 roles · 1 únicos' });
    expect(app).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('switch', { name: 'Asignado: Administrador' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText('Antiguo')).not.toBeInTheDocument();
    // detail mode: nothing can be switched
    expect(screen.getByRole('switch', { name: 'Asignado: Administrador' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Asignar todos los roles' })).toBeDisabled();
    const [roleList] = callsTo(calls, '/api/role/list');
    expect(roleList.headers.get('application')).toBe('ibuhoo');
    expect(roleList.headers.get('user')).toBe(IDS.user);

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('switch', { name: 'Asignar todos los roles' }));
    expect(screen.getByRole('switch', { name: 'Asignado: Lector' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Consola 2 roles · 2 únicos' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Asignar todos los roles' }));
    expect(screen.getByRole('button', { name: 'Consola 2 roles · 0 únicos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('*Se requiere mínimo un rol')).toBeInTheDocument();
    expect(callsTo(calls, '/api/user/modify')).toHaveLength(0);

    // assigning clears the error text
    await user.click(screen.getByRole('switch', { name: 'Asignado: Lector' }));
    expect(screen.queryByText('*Se requiere mínimo un rol')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await screen.findByText('¡El usuario fue actualizado con éxito!');
    expect(callsTo(calls, '/api/user/modify')[0].body.roles).toEqual([
      { name: 'Administrador', application: 'ibuhoo', assigned: false },
      { name: 'Lector', application: 'ibuhoo', assigned: true },
    ]);
  });

  it('shows under the roles what the user can do now: each privilege per application and the roles giving it', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(tab('roles'));
    const table = await screen.findByRole('table', { name: 'Privilegios en Consola' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Privilegio', 'Dado por'],
      ['USERS_READ', 'Administrador, Lector'],
      ['USERS_WRITE', 'Administrador'],
    ]);
    expect(callsTo(calls, '/api/user/privileges')[0].headers.get('user')).toBe(IDS.user);
  });

  it('creates a user: valid data, then a main company, then at least one role', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'POST /api/user/create': [200, { informationCode: 'A10', information: 'ok', id: IDS.user }] });
    renderAt('/users/new');
    await screen.findByText('Nuevo usuario');
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();

    // moving on needs valid data
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findAllByText('Campo obligatorio.')).not.toHaveLength(0);
    expect(tab('Datos')).toHaveAttribute('aria-selected', 'true');

    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(tab('empresas')).toHaveAttribute('aria-selected', 'true'));
    expect(callsTo(calls, '/api/user/getuserexists').map((call) => call.body)).toEqual(
      expect.arrayContaining([{ userName: 'cperez' }, { email: 'cperez@empresa.test' }]),
    );

    // roles need a main company
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('*Se requiere una empresa principal')).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Empresa principal: Bravo' }));
    expect(screen.queryByText('*Se requiere una empresa principal')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(tab('roles')).toHaveAttribute('aria-selected', 'true'));

    await screen.findByRole('button', { name: 'Consola 2 roles · 0 únicos' });
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('*Se requiere mínimo un rol')).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: 'Asignado: Administrador' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Notificación' });
    expect(dialog).toHaveAccessibleDescription('El usuario fue creado con éxito');
    expect(callsTo(calls, '/api/user/create').map((call) => call.body)).toEqual([
      {
        names: 'Carlos',
        surnames: 'Pérez',
        userName: 'cperez',
        email: 'cperez@empresa.test',
        document: '80123456',
        phoneNumber: '3001234567',
        idTypeUser: 2,
        countryCode: 'CO',
        documentType: 'CC',
        customer: [{ id: IDS.bravo, name: 'Bravo', principal: true, assigned: false }],
        roles: [
          { name: 'Administrador', application: 'ibuhoo', assigned: true },
          { name: 'Lector', application: 'ibuhoo', assigned: false },
        ],
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    // back to the list, which reloads; no unsaved-changes question on the way
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/users$/));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks once about a deleted user when the next arrow is pressed while the blur check is running', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /api/user/getuserexists': ({ body }) =>
        body.userName === 'antiguo'
          ? [200, { informationCode: 'A20', information: 'Eliminado', users: [{ ...userDetail, id: IDS.deleted, deleted: true }] }]
          : [200, { informationCode: 'R11', information: '', users: [] }],
    });
    renderAt('/users/new');
    await screen.findByText('Nuevo usuario');
    await fillNewUser(user);
    await user.clear(field('Usuario'));
    await user.type(field('Usuario'), 'antiguo');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Crear nuevo usuario.' }));
    await waitFor(() => expect(field('Usuario')).toHaveValue(''));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/user/getuserexists').filter((call) => call.body.userName === 'antiguo')).toHaveLength(1);
    expect(tab('Datos')).toHaveAttribute('aria-selected', 'true');
  });

  it('asks before leaving a new card with data: Descartar leaves for the list', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderAt('/users/new');
    await screen.findByText('Nuevo usuario');
    await user.type(field('Nombres'), 'Carlos');
    await user.click(screen.getByRole('button', { name: 'Volver a usuarios' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('¿Hiciste Modificaciones ¿deseas actualizarlas?');
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/users$/));
    expect(callsTo(calls, '/api/user/create')).toHaveLength(0);
  });

  it('shows the server message when a save is refused', async () => {
    const user = userEvent.setup();
    await openExisting({
      'POST /api/user/modify': [400, { informationCode: 'R400', information: 'El tipo de documento no existe para el país.' }],
    });
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.type(field('Apellidos'), ' Peña');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveAccessibleDescription('El tipo de documento no existe para el país.');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText('Editar usuario')).toBeInTheDocument();
  });

  describe('Sesiones', () => {
    const session = (id: string, applicationTitle: string, more: Record<string, unknown> = {}) => ({
      id,
      application: applicationTitle.toLowerCase(),
      applicationTitle,
      deviceType: 'desktop',
      browser: 'Firefox 128',
      address: '10.0.0.7',
      startedAt: '2026-11-01T10:00:00Z',
      lastRefreshAt: null,
      ...more,
    });
    const consola = session('a1b2c3d4-0000-4000-8000-0000000000c1', 'Consola');
    const ventas = session('a1b2c3d4-0000-4000-8000-0000000000c2', 'Ventas', {
      deviceType: 'mobile',
      browser: 'Safari 18',
      address: null,
      lastRefreshAt: '2026-11-01T11:00:00Z',
    });
    const sessionsPath = `/api/user/${IDS.user}/sessions`;

    /** The card on its Sesiones tab, the server holding `open` until a close changes them. */
    async function openSessions(open: ReturnType<typeof session>[]) {
      let left = open;
      const calls = serve({
        [`GET ${sessionsPath}`]: () => [200, { sessions: left }],
        [`POST ${sessionsPath}/${consola.id}/close`]: () => {
          left = left.filter((one) => one.id !== consola.id);
          return [200, { sessions: left }];
        },
        [`POST ${sessionsPath}/close-all`]: () => {
          left = [];
          return [200, { sessions: [] }];
        },
      });
      renderAt(`/users/${IDS.user}`);
      await screen.findByText('Detalles del usuario');
      await userEvent.setup().click(tab('Sesiones'));
      return calls;
    }

    it('lists where the person is signed in, read-only for the edit mode', async () => {
      const calls = await openSessions([consola, ventas]);
      const table = await screen.findByRole('table', { name: 'Sesiones abiertas' });
      const rows = within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
      expect(rows[0]).toEqual(['Aplicación', 'Dispositivo', 'Navegador', 'Dirección', 'Inicio', 'Última renovación', 'Acciones']);
      expect(rows[1].slice(0, 4)).toEqual(['Consola', 'Computador', 'Firefox 128', '10.0.0.7']);
      expect(rows[1][5]).toBe('Nunca');
      expect(rows[2].slice(0, 4)).toEqual(['Ventas', 'Teléfono', 'Safari 18', '—']);
      expect(rows[2][5]).not.toBe('Nunca');
      expect(within(table).getByRole('button', { name: 'Cerrar sesión de Ventas' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cerrar todas' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Actualizar' })).not.toBeInTheDocument();
      expect(callsTo(calls, sessionsPath)[0].method).toBe('GET');
    });

    it('says so when there are none', async () => {
      await openSessions([]);
      expect(await screen.findByText('No tiene sesiones abiertas.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cerrar todas' })).not.toBeInTheDocument();
    });

    it('closes one session after a question, says so and shows the sessions left', async () => {
      const user = userEvent.setup();
      const calls = await openSessions([consola, ventas]);
      await user.click(await screen.findByRole('button', { name: 'Cerrar sesión de Consola' }));
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent('¿Deseas cerrar esta sesión?');
      await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
      expect(callsTo(calls, `${sessionsPath}/${consola.id}/close`)).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Cerrar sesión de Consola' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Aceptar' }));
      expect(await screen.findByText('Se cerró la sesión.')).toBeInTheDocument();
      const [closed] = callsTo(calls, `${sessionsPath}/${consola.id}/close`);
      expect(closed.method).toBe('POST');
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Cerrar sesión de Consola' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Cerrar sesión de Ventas' })).toBeInTheDocument();
    });

    it('closes every session after a question', async () => {
      const user = userEvent.setup();
      const calls = await openSessions([consola, ventas]);
      await user.click(await screen.findByRole('button', { name: 'Cerrar todas' }));
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent('¿Deseas cerrar todas las sesiones de este usuario?');
      await user.click(within(question).getByRole('button', { name: 'Aceptar' }));
      expect(await screen.findByText('Se cerraron las sesiones del usuario.')).toBeInTheDocument();
      expect(callsTo(calls, `${sessionsPath}/close-all`).map((call) => call.method)).toEqual(['POST']);
      expect(await screen.findByText('No tiene sesiones abiertas.')).toBeInTheDocument();
    });

    it("is not on a new user's card", async () => {
      serve();
      renderAt('/users/new');
      await screen.findByText('Nuevo usuario');
      expect(screen.getAllByRole('tab').map((one) => one.textContent)).toEqual(['Datos', 'empresas', 'roles']);
    });
  });

  describe('lockout', () => {
    it('shows a temporary lock with its time left; Desbloquear lifts it after a question and the notice goes', async () => {
      const user = userEvent.setup();
      let locked = true;
      const until = new Date(Date.now() + 3.5 * 60_000).toISOString();
      const calls = serve({
        'GET /api/user/getbyid': () => [
          200,
          { count: 1, records: [locked ? { ...userDetail, lock: { kind: 'locked', until } } : userDetail] },
        ],
        [`POST /api/user/${IDS.user}/unlock`]: () => {
          locked = false;
          return [200, { information: 'ok' }];
        },
      });
      renderAt(`/users/${IDS.user}`);
      const notice = await screen.findByText('Bloqueado · queda 4 min');
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(screen.getAllByRole('tab').map((one) => one.textContent)).toEqual(['Datos', 'empresas', 'roles', 'Sesiones']);

      await user.click(screen.getByRole('button', { name: 'Desbloquear' }));
      const question = await screen.findByRole('alertdialog');
      expect(question).toHaveTextContent('¿Deseas desbloquear este usuario?');
      await user.click(within(question).getByRole('button', { name: 'Aceptar' }));
      expect(await screen.findByText('Se desbloqueó el usuario.')).toBeInTheDocument();
      expect(callsTo(calls, `/api/user/${IDS.user}/unlock`).map((call) => call.method)).toEqual(['POST']);
      await waitFor(() => expect(screen.queryByText('Bloqueado · queda 4 min')).not.toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Desbloquear' })).not.toBeInTheDocument();
    });

    it('shows a block until it is lifted', async () => {
      serve({ 'GET /api/user/getbyid': [200, { count: 1, records: [{ ...userDetail, lock: { kind: 'blocked' } }] }] });
      renderAt(`/users/${IDS.user}`);
      expect(await screen.findByText('Bloqueado hasta que se desbloquee')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
    });

    it('counts a user in state 6 as blocked', async () => {
      serve({ 'GET /api/user/getbyid': [200, { count: 1, records: [{ ...userDetail, idstate: 6 }] }] });
      renderAt(`/users/${IDS.user}`);
      expect(await screen.findByText('Bloqueado hasta que se desbloquee')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
    });

    it('shows nothing for a person nothing holds', async () => {
      await openExisting();
      expect(screen.queryByText(/^Bloqueado/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Desbloquear' })).not.toBeInTheDocument();
    });
  });

  it('says so when the user does not exist', async () => {
    serve({ 'GET /api/user/getbyid': [404, { informationCode: 'R404', information: 'El usuario no existe.' }] });
    renderAt(`/users/${IDS.user}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('El usuario no existe.');
  });
});
