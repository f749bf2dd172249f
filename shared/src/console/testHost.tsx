import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders, DialogHost } from '@suite/shared';

/** Renders kit pieces the way the host does: providers, a data router and the page's DialogHost. */
export function renderWithHost(ui: ReactElement, path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <DialogHost />
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
