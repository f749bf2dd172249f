import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppCatalog } from '../../http/host';

export interface DirectoryTenant {
  code: string;
  title: string;
  defaultLanguage: string;
}

export interface DirectoryApp {
  id: number;
  name: string;
  title: string;
  idstate: number;
  isVisible: boolean;
  tenants: DirectoryTenant[];
}

/** An immutable snapshot of applications and tenants, looked up case-insensitively. */
export class AppSnapshot implements AppCatalog {
  private readonly byName: Map<string, DirectoryApp>;

  constructor(readonly apps: DirectoryApp[]) {
    this.byName = new Map(apps.map((a) => [a.name.toLowerCase(), a]));
  }

  get(name: string): DirectoryApp | undefined {
    return this.byName.get(name.toLowerCase());
  }

  findApp(name: string): string | undefined {
    return this.get(name)?.name;
  }

  findTenant(app: string, tenant: string): string | undefined {
    const wanted = tenant.toLowerCase();
    return this.get(app)?.tenants.find((t) => t.code === wanted)?.code;
  }
}

/**
 * The application list, cached in memory for a short time (host resolution runs on every
 * document request). `invalidate()` after changing applications.
 */
export class AppDirectory {
  private cached?: { at: number; snapshot: Promise<AppSnapshot> };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlMs = 10_000,
  ) {}

  snapshot(): Promise<AppSnapshot> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const snapshot = this.load();
      this.cached = { at: now, snapshot };
      snapshot.catch(() => {
        if (this.cached?.snapshot === snapshot) this.cached = undefined;
      });
    }
    return this.cached.snapshot;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  private async load(): Promise<AppSnapshot> {
    const apps = await this.db
      .selectFrom('applications')
      .select(['id', 'name', 'title', 'idstate', 'is_visible'])
      .orderBy(sql`lower(name)`)
      .execute();
    const tenants = await this.db
      .selectFrom('application_tenants')
      .select(['application_id', 'code', 'title', 'default_language'])
      .orderBy('code')
      .execute();
    return new AppSnapshot(
      apps.map((a) => ({
        id: a.id,
        name: a.name,
        title: a.title,
        idstate: a.idstate,
        isVisible: a.is_visible,
        tenants: tenants
          .filter((t) => t.application_id === a.id)
          .map((t) => ({ code: t.code, title: t.title, defaultLanguage: t.default_language })),
      })),
    );
  }
}
