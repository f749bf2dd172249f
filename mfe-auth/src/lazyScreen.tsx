import { lazy, type ComponentType } from 'react';

export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A screen in its own chunk. It suspends on its first visit unless `preload()` has already
 * fetched it, in which case it renders at once (prefetching, and synchronous tests).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchOnce = () => load().then((component) => (loaded = component));
  const Lazy = lazy(async () => ({ default: await fetchOnce() }));
  const Screen = ((props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }) as LazyScreen<P>;
  Screen.preload = async () => {
    await fetchOnce();
  };
  return Screen;
}
