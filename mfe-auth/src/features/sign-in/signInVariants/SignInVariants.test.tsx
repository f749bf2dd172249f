import { DEFAULT_PROFILE, SIGN_IN_VARIANTS, changeLanguage, type PortalProfile, type SignInVariant } from '@suite/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@suite/shared/testing';
import { mockApi, renderAt, resetWorld } from '../../../testHarness';
import { SIGN_IN_LAYOUTS, SIGN_IN_REVEAL_MODES, revealModeFor, signInLayoutFor } from './layouts';
import { ClassicLayout } from './ClassicLayout';
import { MyselfLayout } from './MyselfLayout';
import { TwoColumnLayout } from './TwoColumnLayout';

const profileWith = (signInVariant: SignInVariant, extra: Partial<PortalProfile> = {}): PortalProfile => ({
  ...DEFAULT_PROFILE,
  logos: { ...DEFAULT_PROFILE.logos, signIn: '/brand/test/logo.svg', white: '/brand/test/logo-white.svg' },
  signInVariant,
  ...extra,
});

const variantOf = (container: HTMLElement) => container.querySelector('[data-sign-in-variant]')?.getAttribute('data-sign-in-variant');
const logoOf = (container: HTMLElement) => container.querySelector('img[data-logo]');

beforeEach(() => resetWorld());
afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => changeLanguage('es'));
  localStorage.clear();
});

describe('choice of the sign-in layout', () => {
  it('has a layout for every variant of the contract, the certificate form in the classic card', () => {
    expect(Object.keys(SIGN_IN_LAYOUTS).sort()).toEqual([...SIGN_IN_VARIANTS].sort());
    expect(signInLayoutFor('classic')).toBe(ClassicLayout);
    expect(signInLayoutFor('twoColumn')).toBe(TwoColumnLayout);
    expect(signInLayoutFor('translated')).toBe(ClassicLayout);
    expect(signInLayoutFor('myself')).toBe(MyselfLayout);
    expect(signInLayoutFor('certificate')).toBe(ClassicLayout);
    expect(signInLayoutFor('toString')).toBe(ClassicLayout);
    expect(signInLayoutFor('unknown')).toBe(ClassicLayout);
  });

  it.each([
    ['classic', { selector: false, themeSwitch: false }],
    ['twoColumn', { selector: false, themeSwitch: false }],
    ['translated', { selector: true, themeSwitch: false }],
    ['myself', { selector: false, themeSwitch: true }],
  ] as const)('%s: the profile variant is on the page, with its own pieces and the one form', async (variant, parts) => {
    mockApi({});
    const { container } = renderAt('/login', undefined, profileWith(variant, { colorModeSwitch: true }));
    expect(variantOf(container)).toBe(variant);
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(await screen.findByText('Versión 2.0.0')).toBeInTheDocument();
    expect(Boolean(screen.queryByRole('group', { name: 'Idioma' }))).toBe(parts.selector);
    expect(Boolean(screen.queryByRole('switch', { name: 'Tema oscuro' }))).toBe(parts.themeSwitch);
  });

  it('two-column shows the white logo on the brand panel and the version label beside the form', async () => {
    mockApi({});
    const { container } = renderAt('/login', undefined, profileWith('twoColumn'));
    expect(logoOf(container)).toHaveAttribute('src', '/brand/test/logo-white.svg');
    const section = screen.getByRole('region', { name: 'Iniciar sesión' });
    expect(await within(section).findByTestId('version-label')).toHaveTextContent('Versión 2.0.0');
  });

  // the certificate form's outcomes: CertificateSignIn.test.tsx
  it.each(SIGN_IN_VARIANTS.filter((v) => v !== 'certificate'))(
    '%s keeps the sign-in outcomes: attempts left after a wrong password',
    async (variant) => {
      const user = userEvent.setup();
      mockApi({
        Login: () =>
          reply(401, {
            statusCode: 401,
            result: {
              information: 'Usuario o contraseña incorrectos.',
              informationCode: 'R11',
              failedLoginInformation: { failedAttempts: 1, lockTime: 0 },
            },
          }),
      });
      renderAt('/login', undefined, profileWith(variant));
      await user.type(screen.getByLabelText('Usuario', { exact: true }), 'ada');
      await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'wrong');
      await user.click(screen.getByRole('button', { name: 'Ingresar' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Usuario o contraseña incorrectos.');
      expect(alert).toHaveTextContent('Le quedan dos intentos más.');
    },
  );

  it("shows the profile's sign-in logo at its width", () => {
    mockApi({});
    const { container } = renderAt('/login', undefined, profileWith('classic', { logoWidth: 222, title: 'Firmaya' }));
    const logo = logoOf(container);
    expect(logo).toHaveAttribute('src', '/brand/test/logo.svg');
    expect(logo).toHaveAttribute('width', '222');
    expect(logo).toHaveAttribute('alt', 'Firmaya');
  });
});

describe('language selector of the translated variant', () => {
  it.each([
    ['/resetpassword', 'Restablecer contraseña'],
    ['/absent', 'Has estado ausente'],
  ])('is on the other public screens too (%s), and only for that variant', async (path, title) => {
    mockApi({});
    const { unmount } = renderAt(path, undefined, profileWith('translated'));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    unmount();
    renderAt(path, undefined, profileWith('classic'));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Idioma' })).not.toBeInTheDocument();
  });

  it('writes bms_lang and switches every text at once', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/login', undefined, profileWith('translated'));
    const bar = screen.getByRole('group', { name: 'Idioma' });
    expect(within(bar).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Versión 2.0.0')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Inglés' }));
    expect(localStorage.getItem('bms_lang')).toBe('en');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('User', { exact: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Password', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByText('Version 2.0.0')).toBeInTheDocument();
    const english = screen.getByRole('group', { name: 'Language' });
    expect(within(english).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Iniciar sesión')).not.toBeInTheDocument();

    await user.click(within(english).getByRole('button', { name: 'Portuguese' }));
    expect(localStorage.getItem('bms_lang')).toBe('pt');
    expect(await screen.findByLabelText('Usuário', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lembrar senha' })).toBeInTheDocument();
    expect(screen.getByText('Versão 2.0.0')).toBeInTheDocument();
  });
});

describe('theme switch of the myself template', () => {
  it('starts in the profile mode and switches between dark and light, by click and keyboard', async () => {
    const user = userEvent.setup();
    mockApi({});
    const { container } = renderAt(
      '/login',
      undefined,
      profileWith('myself', { colorMode: 'dark', colorModeSwitch: true, dark: { logos: { signIn: '/brand/test/logo-white.svg' } } }),
    );
    const scope = () => container.querySelector('[data-color-mode]');
    const toggle = screen.getByRole('switch', { name: 'Tema oscuro' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(scope()).toHaveAttribute('data-color-mode', 'dark');
    expect(logoOf(container)).toHaveAttribute('src', '/brand/test/logo-white.svg');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(scope()).toHaveAttribute('data-color-mode', 'light');
    expect(logoOf(container)).toHaveAttribute('src', '/brand/test/logo.svg');

    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(scope()).toHaveAttribute('data-color-mode', 'light');
  });

  it('has no switch when the profile offers none, and stays in its mode', () => {
    mockApi({});
    const { container } = renderAt('/login', undefined, profileWith('myself', { colorMode: 'light', colorModeSwitch: false }));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(container.querySelector('[data-color-mode]')).toHaveAttribute('data-color-mode', 'light');
  });
});

describe('revealing the password', () => {
  it('the myself-style look holds to reveal; the others keep the show/hide toggle', () => {
    expect(Object.keys(SIGN_IN_REVEAL_MODES).sort()).toEqual([...SIGN_IN_VARIANTS].sort());
    expect(revealModeFor('myself')).toBe('hold');
    for (const variant of ['classic', 'twoColumn', 'translated', 'certificate', 'unknown']) expect(revealModeFor(variant)).toBe('toggle');
  });

  it('hold to reveal: shown while the pointer holds the button, hidden on release', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/login', undefined, profileWith('myself'));
    const field = screen.getByLabelText('Contraseña', { exact: true });
    const button = screen.getByRole('button', { name: 'Mantén presionado para ver la contraseña' });
    expect(screen.queryByRole('button', { name: 'Mostrar contraseña' })).not.toBeInTheDocument();
    expect(field).toHaveAttribute('type', 'password');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    expect(field).toHaveAttribute('type', 'text');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(field).toHaveAttribute('type', 'password');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('hold to reveal by keyboard: Space or Enter held down shows it; release or leaving the button hides it', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/login', undefined, profileWith('myself'));
    const field = screen.getByLabelText('Contraseña', { exact: true });
    const button = screen.getByRole('button', { name: 'Mantén presionado para ver la contraseña' });
    button.focus();
    await user.keyboard('[Space>]');
    expect(field).toHaveAttribute('type', 'text');
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('[/Space]');
    expect(field).toHaveAttribute('type', 'password');
    await user.keyboard('[Enter>]');
    expect(field).toHaveAttribute('type', 'text');
    await user.tab();
    expect(field).toHaveAttribute('type', 'password');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('a screen reader’s activation (a click with no hold) toggles, so the value stays reachable', async () => {
    mockApi({});
    renderAt('/login', undefined, profileWith('myself'));
    const field = screen.getByLabelText('Contraseña', { exact: true });
    const button = screen.getByRole('button', { name: 'Mantén presionado para ver la contraseña' });
    act(() => button.click());
    expect(field).toHaveAttribute('type', 'text');
    act(() => button.click());
    expect(field).toHaveAttribute('type', 'password');
  });

  it('the classic look keeps the toggle', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderAt('/login', undefined, profileWith('classic'));
    const field = screen.getByLabelText('Contraseña', { exact: true });
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toHaveAttribute('aria-pressed', 'true');
  });
});
