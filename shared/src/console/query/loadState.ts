import { apiErrorMessage } from '@suite/shared';
import type { UseQueryResult } from '@tanstack/react-query';

/** What a card's part shows while its data is read: a loading state, the failure's message, or the data. */
export type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** The LoadState of a query: its first read under way, its failure (with the API's message), or ready. */
export function loadStateOf(query: Pick<UseQueryResult, 'status' | 'error'>): LoadState {
  if (query.status === 'pending') return { status: 'loading' };
  if (query.status === 'error') return { status: 'error', message: apiErrorMessage(query.error) };
  return { status: 'ready' };
}
