import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRoutes } from '@suite/shared/testing';
import { APPLICATIONS, callsTo, cleanUpDialogs, privilege, renderAt, role, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const lector = role(4, 'Lector', { description: 'Solo lectura' });

function routes(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/role/list': [200, { records: [lector], count: 1 }],
    'GET /api/application/getApplicationsForAssignAccess': [200, { records: APPLICATIONS, count: APPLICATIONS.length }],
    'GET /api/application/applicationId': [
      200,
      { records: [{ name: 'ibuhoo', title: 'Consola', isVisible: true, privilegeCounter: 1, privilege: ['USERS_READ'] }] },
    ],
    'GET /api/privilege/list': ({ headers }) => [
      200,
      headers.get('application') === 'ibuhoo'
        ? { records: [privilege(1, 'USERS_READ'), privilege(2, 'USERS_WRITE'), privilege(3, 'OLD_ONE', { idstate: 1 })], count: 3 }
        : { records: [privilege(5, 'LICENSE_READ')], count: 1 },
    ],
    'GET /api/role/users': [
      200,
      { users: [{ id: 'u1', userName: 'anunez', names: 'Ana', surnames: 'Núñez', application: 'Consola' }], rows: 1 },
    ],
    'POST /api/role/create': [200, { ...written, information: 'El rol fue creado con éxito' }],
    'POST /api/role/modify': [200, { ...written, information: 'El rol fue actualizado con éxito' }],
    ...overrides,
  };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

describe('role card', () => {
  it('creates a role: Aplicaciones once Datos is valid, at least one privilege, the contract body', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/roles/new');
    expect(await screen.findByText('Nuevo rol')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Aplicaciones' }));
    expect(await screen.findByText('Campo obligatorio.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');

    await user.type(field('Nombre'), 'lector');
    expect(screen.getByText('Ya existe un rol con ese nombre.')).toBeInTheDocument();
    await user.clear(field('Nombre'));
    await user.type(field('Nombre'), 'Auditor');
    await user.type(field('Alias'), 'aud');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('checkbox', { name: 'USERS_WRITE' })).toBeInTheDocument();
    // active privileges only
    expect(screen.queryByRole('checkbox', { name: 'OLD_ONE' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('*Se requiere mínimo un privilegio')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'USERS_WRITE' }));
    expect(screen.getByText('1 privilegios')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Visible en Licencias' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El rol fue creado con éxito')).toBeInTheDocument();
    expect(callsTo(calls, '/api/role/create').map((call) => call.body)).toEqual([
      { name: 'Auditor', description: '', alias: 'aud', application: [{ name: 'ibuhoo', privilege: ['USERS_WRITE'], isVisible: true }] },
    ]);
  });

  it('opens in detail mode; saving nothing changed says so; a change sends the whole role', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/roles/4');
    expect(await screen.findByText('Detalles del rol')).toBeInTheDocument();
    await waitFor(() => expect(field('Nombre')).toHaveValue('Lector'));
    expect(field('Nombre')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('No hay cambios para guardar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));

    await user.click(screen.getByRole('tab', { name: 'Aplicaciones' }));
    await user.click(await screen.findByRole('checkbox', { name: 'USERS_WRITE' }));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('El rol fue actualizado con éxito')).toBeInTheDocument();
    expect(callsTo(calls, '/api/role/modify').map((call) => call.body)).toEqual([
      {
        id: 4,
        name: 'Lector',
        description: 'Solo lectura',
        alias: '',
        application: [{ name: 'ibuhoo', privilege: ['USERS_READ', 'USERS_WRITE'], isVisible: true }],
      },
    ]);
  });

  it('asks before changing tab with changes', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/roles/4');
    await waitFor(() => expect(field('Nombre')).toHaveValue('Lector'));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.type(field('Descripción'), ' y más');
    await user.click(screen.getByRole('tab', { name: 'Aplicaciones' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Hiciste modificaciones ¿Deseas actualizarlas?');
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await user.click(screen.getByRole('tab', { name: 'Datos' }));
    expect(field('Descripción')).toHaveValue('Solo lectura');
    expect(callsTo(calls, '/api/role/modify')).toHaveLength(0);
  });

  it('lists the users holding the role, searched on the server', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/roles/4');
    await user.click(await screen.findByRole('tab', { name: 'Usuarios' }));
    const table = await screen.findByRole('table', { name: 'Usuarios con el rol' });
    expect(await within(table).findByText('anunez')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'núñez{Enter}');
    await waitFor(() => expect(callsTo(calls, '/api/role/users')).toHaveLength(2));
    const last = callsTo(calls, '/api/role/users')[1];
    expect([last.headers.get('id'), decodeURIComponent(last.headers.get('search')!), last.headers.get('pages')]).toEqual([
      '4',
      'núñez',
      '1,10',
    ]);
  });
});
