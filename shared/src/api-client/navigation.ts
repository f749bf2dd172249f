/**
 * How code outside React (the API client, the session hub) moves the page: the host registers
 * its router's navigate at start; without one, the browser loads the path.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Navigator = (path: string, options?: NavigateOptions) => void;

const browserNavigator: Navigator = (path, options) => {
  if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
};

let current: Navigator = browserNavigator;

/** Registers the router's navigate; returns a function that restores the previous one. */
export function setNavigator(navigator: Navigator): () => void {
  const previous = current;
  current = navigator;
  return () => {
    if (current === navigator) current = previous;
  };
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  current(path, options);
}

/** Reloads the page (a seam for tests). */
export const pageReload = { reload: (): void => window.location.reload() };

/** Loads another document (a seam for tests). */
export const pageLocation = { assign: (url: string): void => window.location.assign(url) };
