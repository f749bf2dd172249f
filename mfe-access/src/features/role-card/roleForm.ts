import type { RoleBody } from '../../api/access';
import {
  ACCESS_MESSAGES,
  AccessDescriptionSchema,
  RoleAliasSchema,
  RoleApplicationsSchema,
  RoleNameSchema,
  parseRequest,
  type RoleAdminRecord,
  type RoleApplicationRecord,
} from '@suite/shared/console';

export interface RoleData {
  name: string;
  description: string;
  alias: string;
}
/** Per application name: the privileges the role gives there and its visibility switch. */
export type RoleApps = Record<string, { privilege: string[]; isVisible: boolean }>;
export type RoleErrors = Partial<Record<'name' | 'description' | 'alias' | 'application', string>>;

export const EMPTY_ROLE: RoleData = { name: '', description: '', alias: '' };

export const roleToData = (role: RoleAdminRecord): RoleData => ({ name: role.name, description: role.description, alias: role.alias });
export const appsOf = (records: readonly RoleApplicationRecord[]): RoleApps =>
  Object.fromEntries(records.map((app) => [app.name, { privilege: [...app.privilege], isVisible: app.isVisible }]));

/** The body's application list: the applications where the role gives something. */
export function applicationsBody(apps: RoleApps): RoleBody['application'] {
  return Object.entries(apps)
    .filter(([, app]) => app.privilege.length > 0)
    .map(([name, app]) => ({ name, privilege: [...app.privilege], isVisible: app.isVisible }));
}

export function roleBody(data: RoleData, apps: RoleApps): RoleBody {
  return { name: data.name.trim(), description: data.description.trim(), alias: data.alias.trim(), application: applicationsBody(apps) };
}

export const dataChanged = (a: RoleData, b: RoleData) =>
  a.name.trim() !== b.name.trim() || a.description.trim() !== b.description.trim() || a.alias.trim() !== b.alias.trim();
const appsKey = (apps: RoleApps) =>
  JSON.stringify(
    applicationsBody(apps)
      .map((app) => [app.name.toLowerCase(), [...app.privilege].map((p) => p.toLowerCase()).sort(), app.isVisible])
      .sort(),
  );
export const appsChanged = (a: RoleApps, b: RoleApps) => appsKey(a) !== appsKey(b);

const first = (schema: Parameters<typeof parseRequest>[0], value: unknown) => {
  const result = parseRequest(schema, value);
  return result.success ? undefined : result.message;
};

/** Datos by the contract (docs/product/access.md, Rules), and the name unique among `others`. */
export function dataErrors(data: RoleData, others: readonly string[]): RoleErrors {
  const errors: RoleErrors = {};
  const name =
    first(RoleNameSchema, data.name) ??
    (others.some((n) => n.toLowerCase() === data.name.trim().toLowerCase()) ? ACCESS_MESSAGES.roleNameInUse : undefined);
  const description = first(AccessDescriptionSchema, data.description);
  const alias = first(RoleAliasSchema, data.alias);
  if (name) errors.name = name;
  if (description) errors.description = description;
  if (alias) errors.alias = alias;
  return errors;
}

/** '*Se requiere mínimo un privilegio' when the role gives none. */
export const appsError = (apps: RoleApps): string | undefined => first(RoleApplicationsSchema, applicationsBody(apps));

/** Gives or takes one privilege in one application. */
export function pick(apps: RoleApps, application: string, privilege: string, on: boolean): RoleApps {
  const app = apps[application] ?? { privilege: [], isVisible: true };
  const privileges = on ? [...app.privilege.filter((p) => p !== privilege), privilege] : app.privilege.filter((p) => p !== privilege);
  return { ...apps, [application]: { ...app, privilege: privileges } };
}

export function setVisible(apps: RoleApps, application: string, isVisible: boolean): RoleApps {
  const app = apps[application] ?? { privilege: [], isVisible: true };
  return { ...apps, [application]: { ...app, isVisible } };
}
