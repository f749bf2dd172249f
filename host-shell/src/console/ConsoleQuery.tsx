import { sessionStore } from '@suite/shared';
import { createConsoleQueryClient } from '@suite/shared/console';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The page's one QueryClient, created when the console is first shown. */
let client: QueryClient | undefined;

function consoleClient(): QueryClient {
  if (!client) {
    const created = createConsoleQueryClient();
    // signing out (here or in another tab) drops what the console read: the next person starts empty
    sessionStore.subscribe(() => {
      if (!sessionStore.getState().token) created.clear();
    });
    client = created;
  }
  return client;
}

/**
 * Server data of the console routes (docs/architecture.md §4, ADR 0009): the one QueryClient, provided around
 * the console's sections only. The shell loads this module lazily, so /login never loads TanStack
 * Query.
 */
export default function ConsoleQuery({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={consoleClient()}>{children}</QueryClientProvider>;
}
