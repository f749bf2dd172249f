import type { Kysely } from 'kysely';
import { USER_LIST_COUNT_CAP, type RoleUsersResult } from '@suite/shared/contracts';
import type { DB } from '../../db/schema';
import { allRoleHolders, foldSearch, type HolderRow } from './queries';

/** How long a role's holders are kept when no change was announced (the bound of a lost notification). */
export const HOLDERS_CACHE_MS = 30_000;
/** Holders kept over every role, so a few very large roles cannot take the memory. */
const MAX_CACHED_ROWS = 300_000;

interface Entry {
  rows: HolderRow[];
  until: number;
}

/**
 * The role card's holders list (GET /api/role/users): a role's holders are read once, in the
 * list's order, and each page or search is cut from them, so a page costs the same at page 1 and
 * at page 500 of a role held by many. The list is dropped with the access grants — every change
 * of roles, of who holds them or of the users announces itself on every instance
 * (announceAccessChange, docs/security/access.md) — and after HOLDERS_CACHE_MS.
 */
export class RoleHolders {
  private readonly cache = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<HolderRow[]>>();
  private generation = 0;
  private cachedRows = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs: number = HOLDERS_CACHE_MS,
  ) {}

  /**
   * Page `page` of `size` of the role's holders whose search text holds `search` (folded as the
   * users list folds it). As the users list does, a search counts its matches up to
   * USER_LIST_COUNT_CAP (`rowsCapped` beyond) and serves the pages within them: the scan stops at
   * the match after the cap instead of testing every holder of a large role.
   */
  async page(roleId: number, search: string, page: number, size: number): Promise<RoleUsersResult> {
    const text = search.trim();
    const [all, folded] = await Promise.all([this.holders(roleId), text ? foldSearch(this.db, text) : Promise.resolve('')]);
    const start = (page - 1) * size;
    const shown = (rows: HolderRow[]) => rows.slice(start, start + size).map(({ searchText: _searchText, ...row }) => row);
    if (!folded) return { rows: all.length, users: shown(all) };
    const matching: HolderRow[] = [];
    for (const row of all) {
      if (!row.searchText.includes(folded)) continue;
      if (matching.length === USER_LIST_COUNT_CAP) return { rows: USER_LIST_COUNT_CAP, rowsCapped: true, users: shown(matching) };
      matching.push(row);
    }
    return { rows: matching.length, users: shown(matching) };
  }

  dropAll(): void {
    this.generation += 1;
    this.cache.clear();
    this.loading.clear();
    this.cachedRows = 0;
  }

  private holders(roleId: number): Promise<HolderRow[]> {
    const hit = this.cache.get(roleId);
    if (hit && hit.until > Date.now()) {
      // most recently used last: the first entries are the first to go
      this.cache.delete(roleId);
      this.cache.set(roleId, hit);
      return Promise.resolve(hit.rows);
    }
    let pending = this.loading.get(roleId);
    if (!pending) {
      pending = this.load(roleId).finally(() => this.loading.delete(roleId));
      this.loading.set(roleId, pending);
    }
    return pending;
  }

  private async load(roleId: number): Promise<HolderRow[]> {
    const generation = this.generation;
    const rows = await allRoleHolders(this.db, roleId);
    if (generation === this.generation && this.ttlMs > 0 && rows.length <= MAX_CACHED_ROWS) {
      const previous = this.cache.get(roleId);
      if (previous) {
        this.cache.delete(roleId);
        this.cachedRows -= previous.rows.length;
      }
      this.cache.set(roleId, { rows, until: Date.now() + this.ttlMs });
      this.cachedRows += rows.length;
      for (const [oldest, entry] of this.cache) {
        if (this.cachedRows <= MAX_CACHED_ROWS || oldest === roleId) break;
        this.cache.delete(oldest);
        this.cachedRows -= entry.rows.length;
      }
    }
    return rows;
  }
}
