import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders, DialogHost } from '@suite/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTestQueryClient } from './query/client';

/**
 * Renders kit pieces the way the host does: providers (a QueryClient of its own unless given), a
 * data router and the page's DialogHost.
 */
export function renderWithHost(ui: ReactElement, path = '/', queryClient: QueryClient = createTestQueryClient()) {
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
    queryClient,
    ...render(
      <AppProviders>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppProviders>,
    ),
  };
}
