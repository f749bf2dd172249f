import { unregisterServiceWorkers } from './serviceWorkers';

describe('service workers at start', () => {
  it('unregisters every registration an earlier deployment left', async () => {
    const unregister = [jest.fn().mockResolvedValue(true), jest.fn().mockResolvedValue(true)];
    const container = { getRegistrations: jest.fn().mockResolvedValue(unregister.map((fn) => ({ unregister: fn }))) };
    await unregisterServiceWorkers(container as unknown as ServiceWorkerContainer);
    expect(container.getRegistrations).toHaveBeenCalledTimes(1);
    for (const fn of unregister) expect(fn).toHaveBeenCalledTimes(1);
  });

  it('starts anyway where service workers are missing or refused', async () => {
    await expect(unregisterServiceWorkers(undefined)).resolves.toBeUndefined();
    const refused = { getRegistrations: jest.fn().mockRejectedValue(new DOMException('denied', 'SecurityError')) };
    await expect(unregisterServiceWorkers(refused as unknown as ServiceWorkerContainer)).resolves.toBeUndefined();
  });
});
