import { DEFAULT_PROFILE } from '../contracts/profiles';
import { APPEARANCE_PREVIEW_MESSAGE, APPEARANCE_PREVIEW_READY, isAppearancePreview, listenForAppearancePreview } from './preview';
import { getPageProfile, resetPageProfile } from './store';

/** A framed page's window: its own location, a parent, its message listeners. */
function framedWindow(search: string, parentOrigin = 'http://suite.test') {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: jest.fn(), location: { origin: parentOrigin } };
  const win = {
    location: { search, origin: 'http://suite.test' },
    parent,
    document,
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: jest.fn(),
  };
  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    listeners.forEach((listener) =>
      listener({ data, origin: from.origin ?? 'http://suite.test', source: from.source ?? parent } as MessageEvent),
    );
  return { win: win as unknown as Window, parent, post };
}

describe('the appearance preview', () => {
  afterEach(() => resetPageProfile());

  it('is a page framed by its own origin that asks for it by its address', () => {
    expect(isAppearancePreview(window)).toBe(false); // not framed
    expect(isAppearancePreview(framedWindow('?appearancePreview=light').win)).toBe(true);
    expect(isAppearancePreview(framedWindow('').win)).toBe(false);
    const foreign = framedWindow('?appearancePreview=light');
    Object.defineProperty(foreign.parent, 'location', {
      get: () => {
        throw new Error('cross-origin');
      },
    });
    expect(isAppearancePreview(foreign.win)).toBe(false);
  });

  it("shows the profile its parent posts, in the address's template, and ignores anyone else", () => {
    const { win, parent, post } = framedWindow('?appearancePreview=dark');
    listenForAppearancePreview(win);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: APPEARANCE_PREVIEW_READY }, 'http://suite.test');

    post({ type: APPEARANCE_PREVIEW_MESSAGE, profile: { title: 'Nómina', colors: { link: '#123456' }, logoWidth: 'wide' } });
    expect(getPageProfile()).toMatchObject({ title: 'Nómina', colorMode: 'dark', logoWidth: DEFAULT_PROFILE.logoWidth });
    expect(getPageProfile().colors.link).toBe('#123456');
    expect(document.title).toBe('Nómina');

    post({ type: APPEARANCE_PREVIEW_MESSAGE, profile: { title: 'Other origin' } }, { origin: 'http://evil.test' });
    post({ type: APPEARANCE_PREVIEW_MESSAGE, profile: { title: 'Other window' } }, { source: {} });
    post({ type: 'something else', profile: { title: 'Wrong type' } });
    expect(getPageProfile().title).toBe('Nómina');
  });
});
