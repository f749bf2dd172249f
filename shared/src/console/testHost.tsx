import type { ReactElement } from 'react';
import { DialogHost } from '@suite/shared';
import type { QueryClient } from '@tanstack/react-query';
import { renderInHost } from '@suite/shared/testing';
import { createTestQueryClient } from './query/client';

/**
 * Renders kit pieces the way the host does: providers (a QueryClient of its own unless given), a
 * data router and the page's DialogHost.
 */
export function renderWithHost(ui: ReactElement, path = '/', queryClient: QueryClient = createTestQueryClient()) {
  return renderInHost(
    <>
      {ui}
      <DialogHost />
    </>,
    path,
    queryClient,
  );
}
