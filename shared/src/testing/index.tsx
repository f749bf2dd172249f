/// <reference types="@testing-library/jest-dom" />
/**
 * Test helpers for remotes (jest only; not exported from the package root, so no bundle
 * ever contains them).
 */
import { render, screen } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { Route, RouterProvider, Routes, createMemoryRouter } from 'react-router';
import { AppProviders } from '../ui';

/**
 * Renders a remote's App at `path` the way the host mounts it (a data router), with /Login as a
 * visible stand-in; `beside` renders next to the routes, inside the router (e.g. the page's DialogHost).
 */
export function renderRemoteAt(App: ComponentType, path: string, beside?: ReactNode) {
  // a data router, as the host's: the remote's <Routes> descend from its splat route
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Routes>
              <Route path="/Login" element={<p>sign-in</p>} />
              <Route path="*" element={<App />} />
            </Routes>
            {beside}
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
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

