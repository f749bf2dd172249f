import { changeLanguage } from '@suite/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, callsTo, cleanUpDialogs, renderAt, serve, userDetail } from './testServer';

afterEach(cleanUpDialogs);

const field = (name: string) => screen.getByLabelText(name, { exact: true });

async function openNew() {
  const calls = serve();
  renderAt('/users/new');
  expect(await screen.findByText('Nuevo usuario')).toBeInTheDocument();
  await screen.findByRole('option', { name: 'Usuario' });
  return calls;
}

describe('user card, Datos tab', () => {
  it('validates on change with the documented texts', async () => {
    const user = userEvent.setup();
    await openNew();

    await user.type(field('Nombres'), 'Ana2');
    expect(await screen.findByText('Solo se permiten letras y espacios.')).toBeInTheDocument();
    await user.clear(field('Nombres'));
    expect(await screen.findByText('Campo obligatorio.')).toBeInTheDocument();
    expect(field('Nombres')).toHaveAttribute('aria-invalid', 'true');

    await user.type(field('Correo electrónico'), 'ana@x');
    expect(await screen.findByText('El correo no posee el formato correcto.')).toBeInTheDocument();
    await user.type(field('Usuario'), 'ana nunez');
    expect(await screen.findByText('Solo se permiten letras, números y los caracteres . _ - @')).toBeInTheDocument();
  });

  it('shows the same rules in the page language', async () => {
    const user = userEvent.setup();
    await act(() => changeLanguage('en'));
    try {
      serve();
      renderAt('/users/new');
      await screen.findByRole('option', { name: 'Usuario' }); // reference data comes as the API names it
      await user.type(field('Names'), 'Ana2');
      expect(await screen.findByText('Only letters and spaces are allowed.')).toBeInTheDocument();
      await user.clear(field('Names'));
      expect(await screen.findByText('Required field.')).toBeInTheDocument();
      await user.type(field('E-mail'), 'ana@x');
      expect(await screen.findByText('The e-mail does not have the right format.')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('es'));
    }
  });

  it('applies the numeric or alphanumeric document rule of the chosen type; the country filters and clears the types', async () => {
    const user = userEvent.setup();
    const calls = await openNew();

    expect(within(field('Tipo de documento')).getAllByRole('option')).toHaveLength(1); // no country yet
    await user.selectOptions(field('País'), 'Colombia');
    await screen.findByRole('option', { name: 'Pasaporte' });
    const [request] = callsTo(calls, '/api/user/get-document-types-create-users');
    expect(request.headers.get('code')).toBe('CO');
    expect(request.headers.get('appName')).toBeTruthy();

    await user.selectOptions(field('Tipo de documento'), 'Cédula de ciudadanía');
    await user.type(field('Documento'), 'AB12');
    expect(await screen.findByText('El campo debe ser numérico, mínimo 1 caracter.')).toBeInTheDocument();
    await user.selectOptions(field('Tipo de documento'), 'Pasaporte');
    await waitFor(() => expect(screen.queryByText('El campo debe ser numérico, mínimo 1 caracter.')).not.toBeInTheDocument());
    await user.type(field('Documento'), '-');
    expect(await screen.findByText('El campo debe ser alfanumérico.')).toBeInTheDocument();

    await user.selectOptions(field('País'), 'Perú');
    expect(field('Tipo de documento')).toHaveValue('');
    await screen.findByRole('option', { name: 'DNI' });
    expect(screen.queryByRole('option', { name: 'Pasaporte' })).not.toBeInTheDocument();
  });

  it("forces the '(+57) ' prefix on the phone and spaces the digits", async () => {
    const user = userEvent.setup();
    await openNew();
    const phone = field('Teléfono');
    expect(phone).toHaveValue('(+57) ');
    await user.type(phone, '300a1234567');
    expect(phone).toHaveValue('(+57) 300 1234567');
    expect(screen.getByText('Fijo: ej. 1 1234567 / Celular: ej. 123 1234567')).toBeInTheDocument();
  });

  it('checks the user name on blur: A10 is a field error', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /api/user/getuserexists': ({ body }) =>
        body.userName === 'jdoe'
          ? [200, { informationCode: 'A10', information: 'En uso', users: [userDetail] }]
          : [200, { informationCode: 'R11', information: '', users: [] }],
    });
    renderAt('/users/new');
    await screen.findByText('Nuevo usuario');

    await user.type(field('Usuario'), 'jdoe');
    await user.tab();
    expect(await screen.findByText('El nombre de usuario ingresado ya se encuentra utilizado')).toBeInTheDocument();
    expect(callsTo(calls, '/api/user/getuserexists').map((call) => call.body)).toEqual([{ userName: 'jdoe' }]);

    // no second call for the same value
    await user.click(field('Usuario'));
    await user.tab();
    expect(callsTo(calls, '/api/user/getuserexists')).toHaveLength(1);

    await user.type(field('Usuario'), '2');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('El nombre de usuario ingresado ya se encuentra utilizado')).not.toBeInTheDocument());
    expect(callsTo(calls, '/api/user/getuserexists').map((call) => call.body)).toEqual([{ userName: 'jdoe' }, { userName: 'jdoe2' }]);
  });

  it("A20: 'Crear nuevo usuario.' clears the field", async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/user/getuserexists': [
        200,
        {
          informationCode: 'A20',
          information: 'Eliminado',
          users: [{ ...userDetail, id: IDS.deleted, email: 'old@empresa.test', deleted: true }],
        },
      ],
    });
    renderAt('/users/new');
    await screen.findByText('Nuevo usuario');

    await user.type(field('Correo electrónico'), 'old@empresa.test');
    await user.tab();
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(
      'El nombre de usuario y/o correo ingresados ya ha sido utilizado por un usuario que ha sido eliminado. Selecciona una de las siguientes acciones para Continuar',
    );
    expect(within(dialog).getByRole('button', { name: 'Crear nuevo usuario.' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Crear nuevo usuario.' }));
    await waitFor(() => expect(field('Correo electrónico')).toHaveValue(''));
  });

  it("A20: 'Reactivar usuario.' reactivates the deleted user and opens it in edit mode", async () => {
    const user = userEvent.setup();
    const reactivated = { ...userDetail, id: IDS.deleted, userName: 'antiguo', names: 'Antiguo' };
    const calls = serve({
      'POST /api/user/getuserexists': [
        200,
        { informationCode: 'A20', information: 'Eliminado', users: [{ ...reactivated, deleted: true }] },
      ],
      'POST /api/user/activatedeleteduser': [
        200,
        { informationCode: 'A10', information: 'El usuario fue reactivado con éxito', user: reactivated },
      ],
      'GET /api/user/getbyid': [200, { count: 1, records: [reactivated] }],
    });
    renderAt('/users/new');
    await screen.findByText('Nuevo usuario');

    await user.type(field('Usuario'), 'antiguo');
    await user.tab();
    await user.click(await screen.findByRole('button', { name: 'Reactivar usuario.' }));

    expect(await screen.findByText('El usuario fue reactivado con éxito')).toBeInTheDocument();
    expect(callsTo(calls, '/api/user/activatedeleteduser').map((call) => call.body)).toEqual([{ id: IDS.deleted }]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`/users/${IDS.deleted}`));
    expect(await screen.findByText('Editar usuario')).toBeInTheDocument();
    await waitFor(() => expect(field('Nombres')).toHaveValue('Antiguo'));
    expect(field('Nombres')).toBeEnabled();
    // the message closes by itself (no buttons)
    await waitFor(() => expect(screen.queryByText('El usuario fue reactivado con éxito')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
