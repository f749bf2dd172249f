/** The portal does not use service workers; drop any left by earlier deployments (docs/product/portal.md). */
export async function unregisterServiceWorkers(
  container: Pick<ServiceWorkerContainer, 'getRegistrations'> | undefined = navigator.serviceWorker,
): Promise<void> {
  try {
    const registrations = (await container?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    /* not supported or not allowed: nothing to drop */
  }
}
