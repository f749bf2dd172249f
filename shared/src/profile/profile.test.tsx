import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PROFILE, mergeProfile, type PortalProfile } from '../contracts/profiles';
import { applyProfileToDocument } from './document';
import { ProfileProvider, useColorMode, useProfile, useProfileInMode } from './ProfileContext';
import { getPageProfile, resetPageProfile, setPageProfile } from './store';

afterEach(() => {
  resetPageProfile();
  document.head.innerHTML = '';
  document.title = '';
  document.documentElement.className = '';
});

describe('applyProfileToDocument', () => {
  it('sets the title and adds the favicon link', () => {
    applyProfileToDocument({ title: 'Firmaya', favicon: '/brand/firmaya/favicon.svg' });
    expect(document.title).toBe('Firmaya');
    const icon = document.head.querySelector('link[rel="icon"]');
    expect(icon?.getAttribute('href')).toBe('/brand/firmaya/favicon.svg');
    expect(icon?.getAttribute('type')).toBe('image/svg+xml');
  });

  it('updates the favicon link the page already has', () => {
    document.head.innerHTML = '<link rel="shortcut icon" href="/favicon.ico" type="image/x-icon">';
    applyProfileToDocument({ title: 'MySelf', favicon: '/brand/bemyself/bmsbra/favicon.png' });
    const icons = document.head.querySelectorAll('link[rel~="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0].getAttribute('href')).toBe('/brand/bemyself/bmsbra/favicon.png');
    expect(icons[0].hasAttribute('type')).toBe(false);
  });
});

const myself: PortalProfile = mergeProfile(
  { ...DEFAULT_PROFILE, app: 'myselfcert', title: 'MySelf' },
  {
    colorMode: 'dark',
    colorModeSwitch: true,
    dark: { textColor: '#eef0f3', colors: { surface: '#1b1f24' } },
  },
);

function Probe() {
  const profile = useProfile();
  const inMode = useProfileInMode();
  const { colorMode, toggleColorMode, canSwitch } = useColorMode();
  return (
    <div>
      <p data-testid="title">{profile.title}</p>
      <p data-testid="mode">{colorMode}</p>
      <p data-testid="text">{inMode.textColor}</p>
      <p data-testid="served-text">{profile.textColor}</p>
      {canSwitch ? <button onClick={toggleColorMode}>switch</button> : null}
    </div>
  );
}

describe('ProfileProvider and useColorMode', () => {
  it('starts in the profile template and switches without remounting, marking <html>', async () => {
    const user = userEvent.setup();
    render(
      <ProfileProvider profile={myself}>
        <Probe />
      </ProfileProvider>,
    );
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
    expect(screen.getByTestId('text')).toHaveTextContent('#eef0f3');
    expect(screen.getByTestId('served-text')).toHaveTextContent('#575756');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    expect(screen.getByTestId('text')).toHaveTextContent('#575756');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('offers no switch when the profile has none', () => {
    render(
      <ProfileProvider profile={DEFAULT_PROFILE}>
        <Probe />
      </ProfileProvider>,
    );
    expect(screen.queryByRole('button', { name: 'switch' })).not.toBeInTheDocument();
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });

  it('follows the page profile when given none, and restarts the template when it changes', async () => {
    render(
      <ProfileProvider>
        <Probe />
      </ProfileProvider>,
    );
    expect(screen.getByTestId('title')).toHaveTextContent(DEFAULT_PROFILE.title);
    act(() => setPageProfile(myself));
    expect(getPageProfile()).toBe(myself);
    expect(screen.getByTestId('title')).toHaveTextContent('MySelf');
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
  });

  it('outside a provider, useProfile is the page profile', () => {
    setPageProfile(myself);
    render(<Probe />);
    expect(screen.getByTestId('title')).toHaveTextContent('MySelf');
  });
});
