/// <reference types="@testing-library/jest-dom" />
/**
 * Test helpers for remotes (jest only; not exported from the package root, so no bundle
 * ever contains them).
 */
import { render, screen } from '@testing-library/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, type To } from 'react-router-dom';
import { GuardedRouter, createGuardedMemoryHistory } from '../navigation';
import { AppProviders } from '../ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTestQueryClient } from '../console/query/client';

/**
 * Renders `element` the way the host does: the providers, the console's QueryClient (a fresh test
 * one unless given) and the guarded router with one splat route that shows it, at `path`.
 * `router` moves it as a person would (navigate to a path, or back and forward by a number) and
 * tells where it is.
 */
export function renderInHost(element: ReactNode, path = '/', queryClient: QueryClient = createTestQueryClient()) {
  const history = createGuardedMemoryHistory([path]);
  const router = {
    navigate: (to: To | number) => (typeof to === 'number' ? history.go(to) : history.push(to)),
    get state() {
      return { location: history.location };
    },
  };
  return {
    router,
    queryClient,
    ...render(
      <AppProviders>
        <QueryClientProvider client={queryClient}>
          <GuardedRouter history={history}>
            <Routes>
              <Route path="*" element={element} />
            </Routes>
          </GuardedRouter>
        </QueryClientProvider>
      </AppProviders>,
    ),
  };
}

/**
 * Renders a remote's App at `path` the way the host mounts it (renderInHost: the remote's
 * <Routes> descend from the router's splat route), with /Login as a visible stand-in; `beside`
 * renders next to the routes, inside the router (e.g. the page's DialogHost).
 */
export function renderRemoteAt(App: ComponentType, path: string, beside?: ReactNode, queryClient: QueryClient = createTestQueryClient()) {
  return renderInHost(
    <>
      <Routes>
        <Route path="/Login" element={<p>sign-in</p>} />
        <Route path="*" element={<App />} />
      </Routes>
      {beside}
    </>,
    path,
    queryClient,
  );
}

/**
 * The contract of a remote's routing: each path (in any letter case) shows the screen whose
 * heading is given, and a path the remote does not own goes to /Login.
 */
export function describeRemoteRoutes(name: string, App: ComponentType, headingByPath: Array<[string, string]>): void {
  describe(`${name} routes`, () => {
    it.each(headingByPath)('%s shows the %s screen', (path, heading) => {
      renderRemoteAt(App, path);
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    });

    it('sends a path it does not own to /Login', () => {
      renderRemoteAt(App, '/elsewhere');
      expect(screen.getByText('sign-in')).toBeInTheDocument();
    });
  });
}

/** Wraps a screen in a fresh test QueryClient (the host's part), for tests that render it themselves. */
export function WithQueryClient({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [own] = useState(() => client ?? createTestQueryClient());
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
