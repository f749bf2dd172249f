import { createFederationLoader, fetchRegistry, isUnavailable, unavailableFallbackPlugin } from './federation';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('unavailable fallback plugin', () => {
  const plugin = unavailableFallbackPlugin();
  const args = (lifecycle: 'beforeRequest' | 'afterResolve' | 'onLoad') =>
    ({ id: 'mfe_users/App', error: new Error('down'), from: 'runtime', lifecycle, origin: {} }) as never;

  it('lets earlier stages fail so the failure reaches the final stage once', async () => {
    expect(await plugin.errorLoadRemote!(args('beforeRequest'))).toBeUndefined();
    expect(await plugin.errorLoadRemote!(args('afterResolve'))).toBeUndefined();
  });

  it('hands back the unavailable stand-in at the final stage and reports it', async () => {
    const onError = jest.fn();
    const fallback = await unavailableFallbackPlugin(onError).errorLoadRemote!(args('onLoad'));
    expect(isUnavailable(fallback)).toBe(true);
    expect(onError).toHaveBeenCalledWith('mfe_users/App', expect.any(Error));
  });
});

describe('federation loader', () => {
  it('turns an unreachable manifest into the unavailable stand-in instead of throwing', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const onError = jest.fn();
    const loader = createFederationLoader({ mfe_users: '/mfe/users/mf-manifest.json' }, onError);
    const module = await loader.load('mfe_users');
    expect(isUnavailable(module)).toBe(true);
    expect(onError).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('/mfe/users/mf-manifest.json'), expect.anything());

    // Retrying fetches the manifest again rather than reusing the failure.
    const calls = fetchMock.mock.calls.length;
    loader.reset('mfe_users');
    expect(isUnavailable(await loader.load('mfe_users'))).toBe(true);
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('answers a remote missing from the registry with the stand-in', async () => {
    const loader = createFederationLoader({});
    expect(isUnavailable(await loader.load('mfe_nowhere'))).toBe(true);
  });
});

describe('fetchRegistry', () => {
  it('keeps name → URL pairs', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ mfe_users: '/mfe/users/mf-manifest.json', bad: 3 }), { status: 200 }));
    expect(await fetchRegistry()).toEqual({ mfe_users: '/mfe/users/mf-manifest.json' });
  });

  it('is empty when /remotes.json cannot be read', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    expect(await fetchRegistry()).toEqual({});
  });
});
