import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PROFILE } from '@suite/shared';
import { ACCESS_MESSAGES, APPEARANCE_MESSAGES, appearanceOf, type ApplicationAppearanceResult } from '@suite/shared/console';
import type { ApiRoutes } from '@suite/shared/testing';
import { application, callsTo, cleanUpDialogs, renderAt, serve, written } from '../../testServer';

afterEach(cleanUpDialogs);

const payroll = application(7, 'nomina', { title: 'Nómina' });
const stored: ApplicationAppearanceResult = {
  id: 7,
  name: 'nomina',
  title: 'Nómina',
  appearance: appearanceOf(DEFAULT_PROFILE),
  tenants: [{ code: 'bogota', title: 'Bogotá', defaultLanguage: 'es', override: { colors: { link: '#0b3d6e' } } }],
};

function routes(overrides: ApiRoutes = {}): ApiRoutes {
  return {
    'GET /api/application/list': [200, { records: [payroll], count: 1 }],
    'GET /api/application/appearance': [200, stored],
    'POST /api/application/modifyAppearance': [200, { information: APPEARANCE_MESSAGES.updated, informationCode: 'A10' }],
    'POST /api/application/modifyTenantAppearance': [200, { information: APPEARANCE_MESSAGES.tenantUpdated, informationCode: 'A10' }],
    'POST /api/application/uploadImage': [200, { relativePath: `/api/images/${'a'.repeat(64)}.png`, width: 1, height: 1 }],
    'POST /api/application/modify': [200, written],
    ...overrides,
  };
}

type User = ReturnType<typeof userEvent.setup>;

/** The card of the application at its Apariencia tab, in edit mode unless asked otherwise. */
async function openAppearance(user: User, { editing = true } = {}) {
  const calls = serve(routes());
  renderAt('/apps/7');
  await user.click(await screen.findByRole('tab', { name: 'Apariencia' }));
  await screen.findByRole('combobox', { name: 'Pantalla de ingreso' });
  if (editing) await user.click(screen.getByRole('button', { name: 'Editar' }));
  return calls;
}

const hexInput = (label: string) => screen.getByRole('textbox', { name: `${label} (hexadecimal)` });
const update = () => screen.getByRole('button', { name: 'Actualizar apariencia' });

async function retype(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('the Apariencia tab of an application', () => {
  it('shows the stored appearance, read-only in detail mode, beside the real sign-in screen in the draft', async () => {
    const user = userEvent.setup();
    const calls = await openAppearance(user, { editing: false });
    expect(callsTo(calls, '/api/application/appearance')[0].headers.get('idApplication')).toBe('7');
    expect(screen.getByText('Detalles de apariencia')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Pantalla de ingreso' })).toBeDisabled();
    expect(hexInput('Página · Enlaces')).toHaveValue(DEFAULT_PROFILE.colors.link);
    expect(hexInput('Página · Enlaces')).toBeDisabled();
    expect(screen.getByTitle('Vista previa de la pantalla de ingreso, plantilla clara')).toHaveAttribute(
      'src',
      '/Login?appearancePreview=light',
    );
    expect(screen.queryByTitle('Vista previa de la pantalla de ingreso, plantilla oscura')).toBeNull();
    expect(screen.getByText(/Todos los textos alcanzan el contraste AA/)).toBeInTheDocument();
    expect(update()).toBeDisabled();
  });

  it('lists a colour pair below AA with its ratio and will not save it; saves the readable one with its message', async () => {
    const user = userEvent.setup();
    const calls = await openAppearance(user);
    await retype(user, hexInput('Página · Enlaces'), '#bbbbbb');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/colors\.link sobre colors\.surface en la plantilla clara es 1\.\d\d:1/)).toBeInTheDocument();
    expect(update()).toBeDisabled();

    await retype(user, hexInput('Página · Enlaces'), '#0b3d6e');
    await waitFor(() => expect(update()).toBeEnabled());
    await user.click(update());
    await screen.findByText(APPEARANCE_MESSAGES.updated);
    const [saved] = callsTo(calls, '/api/application/modifyAppearance');
    expect(saved.body).toMatchObject({ id: 7, appearance: { colors: { link: '#0b3d6e' }, signInVariant: 'classic' } });
    // saved: back in detail mode, the appearance read again
    await waitFor(() => expect(screen.getByText('Detalles de apariencia')).toBeInTheDocument());
    expect(callsTo(calls, '/api/application/appearance').length).toBeGreaterThan(1);
  });

  it("shows the contract's text under a colour that is not one, and says so when nothing changed", async () => {
    const user = userEvent.setup();
    const calls = await openAppearance(user);
    await user.click(update());
    expect(await screen.findByText(ACCESS_MESSAGES.noChanges)).toBeInTheDocument();
    expect(callsTo(calls, '/api/application/modifyAppearance')).toHaveLength(0);
    cleanUpDialogs();

    await retype(user, hexInput('Texto'), 'red');
    expect(await screen.findByText(APPEARANCE_MESSAGES.colourInvalid)).toBeInTheDocument();
    expect(hexInput('Texto')).toHaveAttribute('aria-invalid', 'true');
    expect(update()).toBeDisabled();
  });

  it('asks before leaving the tab with unsaved changes, and discards them when told', async () => {
    const user = userEvent.setup();
    await openAppearance(user);
    await retype(user, hexInput('Página · Enlaces'), '#0b3d6e');
    await user.click(screen.getByRole('tab', { name: 'Token' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleDescription(ACCESS_MESSAGES.unsavedChanges);
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await user.click(screen.getByRole('tab', { name: 'Apariencia' }));
    expect(await screen.findByRole('textbox', { name: 'Página · Enlaces (hexadecimal)' })).toHaveValue(DEFAULT_PROFILE.colors.link);
  });

  it('shows the dark template once the page offers the switch, and an uploaded image at the address the server gives', async () => {
    const user = userEvent.setup();
    const calls = await openAppearance(user);
    await user.click(screen.getByText('Plantilla oscura'));
    await user.click(screen.getByRole('switch', { name: 'Ofrecer el cambio claro / oscuro' }));
    expect(screen.getByTitle('Vista previa de la pantalla de ingreso, plantilla oscura')).toHaveAttribute(
      'src',
      '/Login?appearancePreview=dark',
    );

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });
    await waitFor(() => expect(callsTo(calls, '/api/application/uploadImage')).toHaveLength(1));
    expect(callsTo(calls, '/api/application/uploadImage')[0].body).toEqual({ id: 7, fileName: 'logo.png', imageBase64: 'iVBORw==' });
    expect(await screen.findByDisplayValue(`/api/images/${'a'.repeat(64)}.png`)).toBeInTheDocument();
  });

  it("saves a tenant's title and colours over the application's, empty meaning inherited", async () => {
    const user = userEvent.setup();
    const calls = await openAppearance(user);
    await user.click(screen.getByText('Inquilinos'));
    await retype(user, screen.getByRole('textbox', { name: 'Título' }), 'Bogotá D.C.');
    expect(screen.getByRole('textbox', { name: 'bogota · Página · Enlaces (hexadecimal)' })).toHaveValue('#0b3d6e');
    await user.click(screen.getByRole('button', { name: 'Actualizar inquilino' }));
    await screen.findByText(APPEARANCE_MESSAGES.tenantUpdated);
    expect(callsTo(calls, '/api/application/modifyTenantAppearance')[0].body).toEqual({
      id: 7,
      code: 'bogota',
      title: 'Bogotá D.C.',
      defaultLanguage: 'es',
      override: { colors: { link: '#0b3d6e' } },
    });
  });
});
