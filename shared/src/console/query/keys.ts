import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The console's entities. Every console query key starts with the entity whose data it holds, so
 * a change of an entity invalidates all of it, in whichever section it is shown.
 */
export const CONSOLE_ENTITIES = [
  'users',
  'roles',
  'privileges',
  'applications',
  'menus',
  'notifications',
  'companies',
  'reference',
  /** The audit log: written by the server with every change, only read by the console. */
  'audit',
] as const;
export type ConsoleEntity = (typeof CONSOLE_ENTITIES)[number];

/** A query's `meta`: other entities whose change must refresh it too (what it shows of them). */
export interface ConsoleQueryMeta extends Record<string, unknown> {
  shows?: readonly ConsoleEntity[];
}

/**
 * Query keys by entity:
 *
 * - `all('roles')` → `['roles']`: everything of an entity, what a change of it invalidates;
 * - `list('users', query)` → `['users', 'list', query]`: one page of a list;
 * - `detail('users', id)` → `['users', 'detail', id]`: one record (a card);
 * - `of('roles', 'users', id, ...rest)` → `['roles', 'of', 'users', id, ...rest]`: data of an
 *   entity about one record of another, e.g. the roles a user holds. A change of either entity
 *   refreshes it: renaming a role in the roles section shows in an open user card, and saving the
 *   user's roles in the card refreshes what the card shows of them.
 * - `reference(name, ...rest)` → `['reference', name, ...rest]`: catalogues the console reads
 *   (countries, document types, user types).
 */
export const consoleKeys = {
  all: (entity: ConsoleEntity) => [entity] as const,
  list: <Query>(entity: ConsoleEntity, query: Query) => [entity, 'list', query] as const,
  detail: (entity: ConsoleEntity, id: string) => [entity, 'detail', id] as const,
  of: (entity: ConsoleEntity, owner: ConsoleEntity, id: string | undefined, ...rest: unknown[]) =>
    [entity, 'of', owner, id ?? null, ...rest] as const,
  reference: (name: string, ...rest: unknown[]) => ['reference', name, ...rest] as const,
};

/** Whether a change of any of `entities` affects the query of `key` (and `meta`). */
export function touches(key: QueryKey, meta: Query['meta'], entities: readonly ConsoleEntity[]): boolean {
  const [head, kind, owner] = key;
  if (entities.includes(head as ConsoleEntity)) return true;
  if (kind === 'of' && entities.includes(owner as ConsoleEntity)) return true;
  const shows = (meta as ConsoleQueryMeta | undefined)?.shows ?? [];
  return shows.some((entity) => entities.includes(entity));
}

/** Marks stale (and refetches what is on screen) every query a change of `entities` affects. */
export function invalidateEntities(client: QueryClient, entities: readonly ConsoleEntity[]): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => touches(query.queryKey, query.meta, entities) });
}
