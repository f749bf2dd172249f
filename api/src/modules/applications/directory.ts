import { sql, type Kysely, type Selectable } from 'kysely';
import { APP_PARAMETERS, DEFAULT_PROFILE, applicationHostLabel, mergeProfile, type PortalProfile } from '@suite/shared/contracts';
import type { ApplicationsTable, DB } from '../../db/schema';
import type { AppCatalog } from '../../http/host';

export interface DirectoryTenant {
  code: string;
  title: string;
  defaultLanguage: string;
  /** The tenant's partial portal profile (stored JSON, laid over the application's). */
  profile?: unknown;
}

export interface DirectoryApp {
  id: number;
  name: string;
  title: string;
  idstate: number;
  isVisible: boolean;
  tenants: DirectoryTenant[];
  /** The application's own portal profile (no tenant applied); DEFAULT_PROFILE with its title when absent. */
  profile?: PortalProfile;
  /** Its sign-in asks for the captcha (the captchaApply parameter). */
  captchaApply?: boolean;
}

/** The columns an application's own portal profile is made of. */
export const PROFILE_COLUMNS = [
  'name',
  'title',
  'appearance',
  'sign_in_variant',
  'email_sent_route',
  'show_buy_link',
  'show_free_trial',
  'default_tenant',
  'default_language',
] as const;

export type ProfileRow = Pick<Selectable<ApplicationsTable>, (typeof PROFILE_COLUMNS)[number]>;

/** An application's own portal profile from its row: the appearance document first, then the columns, which always win. */
export function storedProfile(row: ProfileRow): PortalProfile {
  return mergeProfile({ ...DEFAULT_PROFILE, app: row.name }, row.appearance, {
    title: row.title,
    signInVariant: row.sign_in_variant,
    emailSentRoute: row.email_sent_route,
    showBuyLink: row.show_buy_link,
    showFreeTrial: row.show_free_trial,
    defaultTenant: row.default_tenant ?? '',
    defaultLanguage: row.default_language,
  });
}

/** An immutable snapshot of applications and tenants, looked up case-insensitively. */
export class AppSnapshot implements AppCatalog {
  private readonly byName: Map<string, DirectoryApp>;
  private readonly byLabel: Map<string, DirectoryApp>;
  /** Resolved portal profiles per `app:tenant` (profiles.ts), kept as long as this snapshot. */
  readonly profiles = new Map<string, PortalProfile>();

  constructor(readonly apps: DirectoryApp[]) {
    this.byName = new Map(apps.map((a) => [a.name.toLowerCase(), a]));
    this.byLabel = new Map(apps.map((a) => [applicationHostLabel(a.name), a]));
  }

  get(name: string): DirectoryApp | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** By name, or by the host label a name with spaces or accents answers to. */
  private lookup(name: string): DirectoryApp | undefined {
    return this.get(name) ?? this.byLabel.get(applicationHostLabel(name));
  }

  findApp(name: string): string | undefined {
    return this.lookup(name)?.name;
  }

  findTenant(app: string, tenant: string): string | undefined {
    const wanted = tenant.toLowerCase();
    return this.lookup(app)?.tenants.find((t) => t.code === wanted)?.code;
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
      .select(['id', 'idstate', 'is_visible', ...PROFILE_COLUMNS])
      .orderBy(sql`lower(name)`)
      .execute();
    const tenants = await this.db
      .selectFrom('application_tenants')
      .select(['application_id', 'code', 'title', 'default_language', 'profile'])
      .orderBy('code')
      .execute();
    const withCaptcha = await this.db
      .selectFrom('application_parameters')
      .select('application_id')
      .where('name', '=', APP_PARAMETERS.captchaApply)
      .where(sql<boolean>`value = 'true'::jsonb`)
      .execute();
    const captcha = new Set(withCaptcha.map((p) => p.application_id));
    return new AppSnapshot(
      apps.map((a) => ({
        id: a.id,
        name: a.name,
        title: a.title,
        idstate: a.idstate,
        isVisible: a.is_visible,
        tenants: tenants
          .filter((t) => t.application_id === a.id)
          .map((t) => ({ code: t.code, title: t.title, defaultLanguage: t.default_language, profile: t.profile })),
        profile: storedProfile(a),
        captchaApply: captcha.has(a.id),
      })),
    );
  }
}
