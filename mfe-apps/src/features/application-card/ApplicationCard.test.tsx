import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '@suite/shared';
import { APPLICATION_MESSAGES } from '@suite/shared/console';
import type { ApiRoutes } from '@suite/shared/testing';
import { application, callsTo, cleanUpDialogs, renderAt, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const payroll = application(2, 'nomina', { title: 'Nómina', amountTime: 8, timeUnit: 2 });

function routes(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/application/list': [200, { records: [payroll], count: 1 }],
    'POST /api/application/create': [200, { ...written, information: APPLICATION_MESSAGES.created, id: 9 }],
    'POST /api/application/modify': [200, { ...written, information: APPLICATION_MESSAGES.updated, id: 2 }],
    ...overrides,
  };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const tab = (name: string) => screen.getByRole('tab', { name });
const next = () => screen.getByRole('button', { name: 'Siguiente' });
type User = ReturnType<typeof userEvent.setup>;
/** Puts `text` in the field at once (typing letter by letter is what the filter tests do). */
async function fill(user: User, name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}

describe('application form, new', () => {
  it('walks the four tabs, each checked before moving on, and creates with the contract body', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/apps/new');
    expect(await screen.findByText('Nueva aplicación')).toBeInTheDocument();
    // later tabs open one at a time
    expect(tab('Contraseña')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();

    await user.click(next());
    expect(tab('Datos Básicos')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByText('Campo obligatorio.')).toHaveLength(5);
    await fill(user, 'Nombre', 'Firma Pro');
    await fill(user, 'Título comercial', 'Firma');
    await fill(user, 'URL de la aplicación', 'https://firma.example.com');
    await fill(user, 'URL de asignación de contraseña', 'https://firma.example.com/password');
    await fill(user, 'URL de la landing', 'https://firma.example.com/home');
    await user.click(next());

    expect(tab('Token')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Nueva aplicación')).toBeInTheDocument();
    expect(field('Máximo de refresh tokens')).toHaveValue('-1');
    expect(field('Máximo de sesiones concurrentes')).toHaveValue('1');
    expect(field('Máximo de sesiones concurrentes')).toBeDisabled();
    expect(screen.getByText('Valor desde 1 hasta 255')).toBeInTheDocument();
    await user.click(next());
    expect(tab('Token')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByText('Campo obligatorio.').length).toBeGreaterThan(0);

    await fill(user, 'Duración del token', '30');
    await user.selectOptions(screen.getByLabelText('Unidad de Duración del token'), 'Minutos');
    // arrows: up from empty is 1, down never under 1
    await user.click(screen.getByRole('button', { name: 'Aumentar Expiración del refresh token' }));
    expect(field('Expiración del refresh token')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Disminuir Expiración del refresh token' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Aumentar Expiración del refresh token' }));
    await user.click(screen.getByRole('button', { name: 'Aumentar Expiración del refresh token' }));
    await user.click(screen.getByRole('button', { name: 'Disminuir Expiración del refresh token' }));
    expect(field('Expiración del refresh token')).toHaveValue('2');
    await user.selectOptions(screen.getByLabelText('Unidad de Expiración del refresh token'), 'Días');
    await fill(user, 'Vigencia del enlace de activación', '3');
    await user.selectOptions(screen.getByLabelText('Unidad de Vigencia del enlace de activación'), 'Días');
    await fill(user, 'Vigencia del enlace de asignación de contraseña', '12');
    await user.selectOptions(screen.getByLabelText('Unidad de Vigencia del enlace de asignación de contraseña'), 'Horas');
    await fill(user, 'Máximo de refresh tokens por usuario', '5');
    await user.click(screen.getByRole('switch', { name: 'Sesiones concurrentes' }));
    expect(field('Máximo de sesiones concurrentes')).toBeEnabled();
    await user.clear(field('Máximo de sesiones concurrentes'));
    await fill(user, 'Máximo de sesiones concurrentes', '2');
    await user.click(next());

    expect(tab('Contraseña')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Valor numérico desde -1')).toBeInTheDocument();
    await fill(user, 'Contraseñas anteriores que no se pueden repetir', '3');
    await fill(user, 'Vencimiento de la contraseña', '6');
    await user.selectOptions(screen.getByLabelText('Unidad de Vencimiento de la contraseña'), 'Meses');
    await user.click(next());

    expect(tab('Configuración')).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('radio', { name: 'Transversal' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Campo obligatorio.')).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/create')).toHaveLength(0);
    await user.selectOptions(field('Después de asignar la contraseña'), 'Home de la aplicación');
    // the zone its notifications are sent in: Colombia's unless chosen
    expect(field('Zona horaria de las notificaciones')).toHaveValue('America/Bogota');
    await user.selectOptions(field('Zona horaria de las notificaciones'), 'America/Lima');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(APPLICATION_MESSAGES.created)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/create').map((call) => call.body)).toEqual([
      {
        name: 'Firma Pro',
        title: 'Firma',
        description: '',
        urlApp: 'https://firma.example.com',
        urlAssignPassword: 'https://firma.example.com/password',
        landing: 'https://firma.example.com/home',
        typeApplication: true,
        isVisible: true,
        amountTime: 30,
        timeUnit: 1,
        refreshTokenExpirationAmountTime: 2,
        refreshTokenExpirationTimeUnit: 3,
        userActivateTokenTime: 3,
        userActivateTokenTimeUnit: 3,
        assignPasswordTokenTime: 12,
        assignPasswordTokenTimeUnit: 2,
        maxRefreshTokens: -1,
        maxRefreshTokensByUser: 5,
        isConcurrentSession: true,
        maxConcurrentTokens: 2,
        maxConcurrentTokensByUser: -1,
        numberPasswordChanges: 3,
        passwordExpiration: 6,
        passwordTypeExpiration: 4,
        mechanismAfterSetPass: 2,
        captchaApply: false,
        secondFactor: 'off',
        passkeySignIn: false,
        timeZone: 'America/Lima',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/apps$/));
    // a whole walk through four tabs on a shared machine
  }, 90_000);

  it("shows the contract's messages as fields change", async () => {
    const user = userEvent.setup();
    serve(routes());
    renderAt('/apps/new');
    await user.type(await screen.findByLabelText('Título comercial'), 'N');
    expect(field('Título comercial')).toHaveAccessibleErrorMessage(APPLICATION_MESSAGES.titleMin);
    await user.type(field('URL de la aplicación'), 'firma');
    expect(field('URL de la aplicación')).toHaveAccessibleErrorMessage(APPLICATION_MESSAGES.urlInvalid);
    await user.type(field('Nombre'), 'Firma_Pro');
    expect(field('Nombre')).toHaveAccessibleErrorMessage(APPLICATION_MESSAGES.nameChars);
    // nothing typed yet in the other fields: no message there
    expect(field('URL de la landing')).not.toHaveAttribute('aria-invalid');
  });

  it("refuses a time over its unit's cap, and letters in a number", async () => {
    const user = userEvent.setup();
    serve(routes());
    renderAt('/apps/new');
    await screen.findByLabelText('Nombre');
    await fill(user, 'Nombre', 'Firma');
    await fill(user, 'Título comercial', 'Firma');
    for (const name of ['URL de la aplicación', 'URL de asignación de contraseña', 'URL de la landing'])
      await fill(user, name, 'https://firma.example.com');
    await user.click(next());
    await user.type(field('Duración del token'), '9x000');
    expect(field('Duración del token')).toHaveValue('9000');
    await user.selectOptions(screen.getByLabelText('Unidad de Duración del token'), 'Horas');
    for (const [name, value] of [
      ['Expiración del refresh token', '1'],
      ['Vigencia del enlace de activación', '1'],
      ['Vigencia del enlace de asignación de contraseña', '1'],
    ]) {
      await fill(user, name, value);
      await user.selectOptions(screen.getByLabelText(`Unidad de ${name}`), 'Días');
    }
    await fill(user, 'Máximo de refresh tokens por usuario', '0');
    await user.click(next());
    expect(tab('Token')).toHaveAttribute('aria-selected', 'true');
    expect(field('Duración del token')).toHaveAccessibleErrorMessage('El valor máximo es 8760.');
    await user.clear(field('Duración del token'));
    await fill(user, 'Duración del token', '8760');
    await user.click(next());
    expect(tab('Contraseña')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('application form, existing', () => {
  it('opens in detail mode; in edit mode a tab saves its own part with its message and reloads', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/apps/2');
    expect(await screen.findByText('Detalle de datos básicos')).toBeInTheDocument();
    await waitFor(() => expect(field('Título comercial')).toHaveValue('Nómina'));
    expect(field('Título comercial')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Actualizar datos' })).toBeDisabled();
    await user.click(tab('Token'));
    expect(screen.getByText('Detalles de token')).toBeInTheDocument();
    expect(field('Duración del token')).toHaveValue('8');
    expect(screen.getByLabelText('Unidad de Duración del token')).toHaveDisplayValue('Horas');

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByText('Editar token')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aumentar Duración del token' }));
    await user.click(screen.getByRole('button', { name: 'Actualizar token' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.tokenUpdated)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/modify').map((call) => call.body)).toEqual([{ ...payroll, amountTime: 9 }]);
    await waitFor(() => expect(callsTo(calls, '/api/application/list').length).toBeGreaterThan(1));
    expect(screen.getByText('Detalles de token')).toBeInTheDocument();
  });

  it('sets the second factor policy and the passkey sign-in on the Configuración tab', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/apps/2');
    expect(await screen.findByText('Detalle de datos básicos')).toBeInTheDocument();
    await user.click(tab('Configuración'));
    const group = screen.getByRole('group', { name: 'Segundo factor' });
    expect(within(group).getByRole('radio', { name: 'Desactivado' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(within(group).getByRole('radio', { name: 'Obligatorio' }));
    await user.click(screen.getByRole('switch', { name: 'Ingreso con llave de acceso' }));
    await user.click(screen.getByRole('button', { name: 'Actualizar configuración' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.configurationUpdated)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/modify').map((call) => call.body)).toEqual([
      { ...payroll, secondFactor: 'required', passkeySignIn: true },
    ]);
  });

  it("saving an unchanged tab says 'No hay cambios para guardar' and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/apps/2');
    await waitFor(() => expect(field('Título comercial')).toHaveValue('Nómina'));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.click(tab('Contraseña'));
    expect(screen.getByText('Editar contraseña')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar Contraseña' }));
    expect(await screen.findByText('No hay cambios para guardar')).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/modify')).toHaveLength(0);
  });

  it('asks before leaving a tab with changes: discard restores it, update saves it', async () => {
    const user = userEvent.setup();
    const calls = serve(routes());
    renderAt('/apps/2');
    await waitFor(() => expect(field('Título comercial')).toHaveValue('Nómina'));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(field('Título comercial'));
    await fill(user, 'Título comercial', 'Nómina Plus');

    await user.click(tab('Token'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription('Hiciste modificaciones ¿Deseas actualizarlas?');
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(tab('Token')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Datos Básicos'));
    expect(field('Título comercial')).toHaveValue('Nómina');

    await fill(user, 'Título comercial', ' Plus');
    await user.click(screen.getByRole('button', { name: 'Volver a aplicaciones' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.basicUpdated)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/modify').map((call) => call.body)).toEqual([{ ...payroll, title: 'Nómina Plus' }]);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/apps$/));
  });

  it("shows a save's failure under the tabs", async () => {
    const user = userEvent.setup();
    serve(routes({ 'POST /api/application/modify': [400, { information: APPLICATION_MESSAGES.nameInUse, informationCode: 'R400' }] }));
    renderAt('/apps/2');
    await waitFor(() => expect(field('Nombre')).toHaveValue('nomina'));
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.clear(field('Nombre'));
    await fill(user, 'Nombre', 'ibuhoo');
    await user.click(screen.getByRole('button', { name: 'Actualizar datos' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent(APPLICATION_MESSAGES.nameInUse);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(field('Nombre')).toHaveValue('ibuhoo');
  });

  it("speaks the page's language: labels, units and the contract's messages", async () => {
    await act(() => changeLanguage('en'));
    try {
      const user = userEvent.setup();
      serve(routes());
      renderAt('/apps/2');
      expect(await screen.findByText('Basic data details')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      await user.clear(screen.getByLabelText('Commercial title', { exact: true }));
      await user.paste('N');
      expect(screen.getByLabelText('Commercial title', { exact: true })).toHaveAccessibleErrorMessage('Must have more than 2 characters');
      await user.click(screen.getByRole('button', { name: 'Update data' }));
      await user.click(screen.getByRole('tab', { name: 'Token' }));
      const prompt = await screen.findByRole('alertdialog');
      await user.click(within(prompt).getByRole('button', { name: 'Discard' }));
      expect(await screen.findByText('Edit token')).toBeInTheDocument();
      expect(screen.getByLabelText('Unit of Token duration')).toHaveDisplayValue('Hours');
    } finally {
      await act(() => changeLanguage('es'));
    }
  });

  it('tells an unknown application', async () => {
    serve(routes());
    renderAt('/apps/77');
    expect(await screen.findByRole('alert')).toHaveTextContent(APPLICATION_MESSAGES.unknown);
  });
});

describe('applications list to form', () => {
  it('a row opens its form; the create button opens a new one', async () => {
    const user = userEvent.setup();
    serve(routes());
    renderAt('/apps');
    const table = await screen.findByRole('table', { name: 'Aplicaciones' });
    await user.click(await within(table).findByText('nomina'));
    expect(await screen.findByText('Detalle de datos básicos')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/apps/2');
    await user.click(screen.getByRole('button', { name: 'Volver a aplicaciones' }));
    await user.click(await screen.findByRole('button', { name: 'Crear aplicación' }));
    expect(await screen.findByText('Nueva aplicación')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/apps/new');
  });
});
