import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPEARANCE_MESSAGES, DEFAULT_PROFILE, DialogHost, appearanceOf, closeAllDialogs, registerResources, sessionStore, type ApplicationAppearanceResult } from '@suite/shared';
import { jwt, mockApi, renderInHost, type ApiCall } from '@suite/shared/testing';
import { AppearanceTab } from './AppearanceTab';
import { APPEARANCE_NS, appearanceResources } from './i18n';

configure({ asyncUtilTimeout: 5_000 });
jest.setTimeout(30_000);
registerResources(APPEARANCE_NS, appearanceResources);

const stored: ApplicationAppearanceResult = {
  id: 7,
  name: 'nomina',
  title: 'Nómina',
  appearance: appearanceOf(DEFAULT_PROFILE),
  tenants: [{ code: 'bogota', title: 'Bogotá', defaultLanguage: 'es', override: { colors: { link: '#0b3d6e' } } }],
};

function open({ editing = true } = {}) {
  sessionStore.signIn({ token: jwt({ given_name: 'Admin', exp: Math.floor(Date.now() / 1000) + 600 }) });
  const calls: ApiCall[] = mockApi({
    'GET /api/application/appearance': [200, stored],
    'POST /api/application/modifyAppearance': [200, { information: APPEARANCE_MESSAGES.updated, informationCode: 'A10' }],
    'POST /api/application/modifyTenantAppearance': [200, { information: APPEARANCE_MESSAGES.tenantUpdated, informationCode: 'A10' }],
    'POST /api/application/uploadImage': [200, { relativePath: `/api/images/${'a'.repeat(64)}.png`, width: 1, height: 1 }],
  });
  renderInHost(
    <>
      <AppearanceTab applicationId={7} editing={editing} />
      <DialogHost />
    </>,
  );
  return calls;
}

afterEach(() => {
  act(() => closeAllDialogs());
  sessionStore.signOut();
  jest.restoreAllMocks();
});

const hexInput = (label: string) => screen.getByRole('textbox', { name: `${label} (hexadecimal)` });
const saveButton = () => screen.getByRole('button', { name: 'Actualizar apariencia' });

describe('the Apariencia tab', () => {
  it("shows the stored appearance beside the real sign-in screen in the draft, read-only until edited", async () => {
    const calls = open({ editing: false });
    expect(await screen.findByRole('combobox', { name: 'Pantalla de ingreso' })).toBeDisabled();
    expect(calls[0].headers.get('idApplication')).toBe('7');
    expect(hexInput('Página · Enlaces')).toHaveValue(DEFAULT_PROFILE.colors.link);
    expect(hexInput('Página · Enlaces')).toBeDisabled();
    const frame = screen.getByTitle('Vista previa de la pantalla de ingreso, plantilla clara');
    expect(frame).toHaveAttribute('src', '/Login?appearancePreview=light');
    expect(screen.queryByTitle('Vista previa de la pantalla de ingreso, plantilla oscura')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Todos los textos alcanzan el contraste AA');
    expect(saveButton()).toBeDisabled();
  });

  it('lists a colour pair below AA with its ratio and will not save it; saves the readable one', async () => {
    const user = userEvent.setup();
    const calls = open();
    const link = await screen.findByRole('textbox', { name: 'Página · Enlaces (hexadecimal)' });
    await user.clear(link);
    await user.type(link, '#bbbbbb');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/colors\.link sobre colors\.surface en la plantilla clara es 1\.\d\d:1/)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.clear(link);
    await user.type(link, '#0b3d6e');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await screen.findByText(APPEARANCE_MESSAGES.updated);
    const [saved] = calls.filter((call) => call.path === '/api/application/modifyAppearance');
    expect(saved.body).toMatchObject({ id: 7, appearance: { colors: { link: '#0b3d6e' }, signInVariant: 'classic' } });
  });

  it("shows the contract's text under a colour that is not one, and keeps the save off", async () => {
    const user = userEvent.setup();
    open();
    const text = await screen.findByRole('textbox', { name: 'Texto (hexadecimal)' });
    await user.clear(text);
    await user.type(text, 'red');
    expect(await screen.findByText(APPEARANCE_MESSAGES.colourInvalid)).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(saveButton()).toBeDisabled();
  });

  it('shows the dark template once the page offers the switch, and an uploaded image at the address the server gives', async () => {
    const user = userEvent.setup();
    const calls = open();
    await screen.findByRole('combobox', { name: 'Pantalla de ingreso' });
    await user.click(screen.getByText('Plantilla oscura'));
    await user.click(screen.getByRole('switch', { name: 'Ofrecer el cambio claro / oscuro' }));
    expect(screen.getByTitle('Vista previa de la pantalla de ingreso, plantilla oscura')).toHaveAttribute('src', '/Login?appearancePreview=dark');

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/application/uploadImage')).toBe(true));
    const upload = calls.find((call) => call.path === '/api/application/uploadImage')!;
    expect(upload.body).toEqual({ id: 7, fileName: 'logo.png', imageBase64: 'iVBORw==' });
    expect(await screen.findByDisplayValue(`/api/images/${'a'.repeat(64)}.png`)).toBeInTheDocument();
  });

  it("saves a tenant's title and colours over the application's, empty meaning inherited", async () => {
    const user = userEvent.setup();
    const calls = open();
    await screen.findByRole('combobox', { name: 'Pantalla de ingreso' });
    await user.click(screen.getByText('Inquilinos'));
    const title = screen.getByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, 'Bogotá D.C.');
    await user.click(screen.getByRole('button', { name: 'Actualizar inquilino' }));
    await screen.findByText(APPEARANCE_MESSAGES.tenantUpdated);
    const [saved] = calls.filter((call) => call.path === '/api/application/modifyTenantAppearance');
    expect(saved.body).toEqual({ id: 7, code: 'bogota', title: 'Bogotá D.C.', defaultLanguage: 'es', override: { colors: { link: '#0b3d6e' } } });
  });
});
