import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRoutes } from '@suite/shared/testing';
import { APPLICATIONS, callsTo, cleanUpDialogs, privilege, renderAt, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const stored = privilege(7, 'USERS_READ', { description: 'Lee usuarios', sharedApps: 'Consola', application: ['ibuhoo'] });

function routes(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/privilege/list': [200, { records: [stored], count: 1 }],
    'GET /api/application/getApplicationsForAssignAccess': [200, { records: APPLICATIONS, count: APPLICATIONS.length }],
    'GET /api/application/getApplicationsByIdPrivilege': [200, { records: [{ id: 1, name: 'ibuhoo', title: 'Consola' }], count: 1 }],
    'GET /api/privilege/roles': [
      200,
      {
        records: [
          {
            application: 'ibuhoo',
            title: 'Consola',
            held: true,
            roles: [
              { id: 1, name: 'Administrador', idstate: 0 },
              { id: 2, name: 'Antiguo', idstate: 1 },
            ],
          },
          { application: 'license', title: 'Licencias', held: false, roles: [{ id: 3, name: 'Soporte', idstate: 0 }] },
        ],
      },
    ],
    'POST /api/privilege/create': [200, { ...written, information: 'El privilegio fue creado con éxito' }],
    'POST /api/privilege/modify': [200, { ...written, information: 'El privilegio fue actualizado con éxito' }],
    ...overrides,
  };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

async function openExisting() {
  const calls = serve(routes());
  renderAt('/privileges/7');
  expect(await screen.findByText('Detalles del privilegio')).toBeInTheDocument();
  await waitFor(() => expect(field('Nombre')).toHaveValue('USERS_READ'));
  return calls;
}

describe('privilege card', () => {
  it('creates a privilege: validation messages first, then the contract body and back to the list', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/privileges/new');
    expect(await screen.findByText('Nuevo Privilegio')).toBeInTheDocument();
    // the applications the API offers; only 'Por credenciales' is enabled
    expect(await screen.findByRole('checkbox', { name: 'Licencias' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Por credenciales' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Validación 1' })).toBeDisabled();
    expect(field('Nombre')).toHaveAttribute('maxLength', '60');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Se requiere minimo una aplicación')).toBeInTheDocument();

    await user.type(field('Nombre'), 'users read');
    expect(screen.getByText('Solo se permiten letras, números y guion bajo, sin espacios.')).toBeInTheDocument();
    await user.clear(field('Nombre'));
    await user.type(field('Nombre'), 'users_read');
    expect(screen.getByText('Ya existe un privilegio con ese nombre.')).toBeInTheDocument();
    await user.clear(field('Nombre'));
    await user.type(field('Nombre'), 'REPORTS_READ');
    await user.type(field('Descripción'), 'Lee informes');
    expect(screen.getByText('88 caracteres restantes')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Auditable' }));
    await user.click(screen.getByRole('checkbox', { name: 'Licencias' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('El privilegio fue creado con éxito')).toBeInTheDocument();
    expect(callsTo(calls, '/api/privilege/create').map((call) => call.body)).toEqual([
      { name: 'REPORTS_READ', description: 'Lee informes', licence: false, isAuditable: true, application: ['license'] },
    ]);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/privileges$/));
  });

  it('opens in detail mode, the name fixed; saving nothing changed says so', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    expect(callsTo(calls, '/api/application/getApplicationsByIdPrivilege')[0].headers.get('id')).toBe('7');
    expect(field('Descripción')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Consola' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByText('Editar Privilegio')).toBeInTheDocument();
    expect(field('Nombre')).toBeDisabled();
    expect(field('Descripción')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('No hay cambios para guardar')).toBeInTheDocument();
    expect(callsTo(calls, '/api/privilege/modify')).toHaveLength(0);
  });

  it('updates with the whole privilege and its state', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Licencias' }));
    await user.click(screen.getByRole('switch', { name: 'Licencia' }));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('El privilegio fue actualizado con éxito')).toBeInTheDocument();
    expect(callsTo(calls, '/api/privilege/modify').map((call) => call.body)).toEqual([
      {
        id: 7,
        name: 'USERS_READ',
        description: 'Lee usuarios',
        idstate: 0,
        licence: true,
        isAuditable: false,
        application: ['ibuhoo', 'license'],
      },
    ]);
  });

  it('asks before leaving with changes; Descartar leaves without saving', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.type(field('Descripción'), ' y más');
    await user.click(screen.getByRole('button', { name: 'Volver a privilegios' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Hiciste modificaciones ¿Deseas actualizarlas?');
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/privileges$/));
    expect(callsTo(calls, '/api/privilege/modify')).toHaveLength(0);
  });

  it('shows the roles that grant it, per application', async () => {
    const user = userEvent.setup();
    const calls = await openExisting();
    await user.click(screen.getByRole('tab', { name: 'Acceso efectivo' }));
    const consola = await screen.findByRole('list', { name: 'Consola' });
    expect(
      within(consola)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Administrador ', 'Antiguo inactivo']);
    expect(screen.getByText('La aplicación ya no tiene este privilegio: no lo otorga.')).toBeInTheDocument();
    expect(callsTo(calls, '/api/privilege/roles')[0].headers.get('id')).toBe('7');
  });
});
