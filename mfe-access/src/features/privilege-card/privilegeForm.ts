import type { PrivilegeBody } from '../../api/access';
import {
  ACCESS_MESSAGES,
  AccessDescriptionSchema,
  PrivilegeApplicationsSchema,
  PrivilegeNameSchema,
  parseRequest,
  type PrivilegeRecord,
} from '@suite/shared/console';

/** What the privilege card edits. */
export interface PrivilegeForm {
  name: string;
  description: string;
  licence: boolean;
  isAuditable: boolean;
  /** Names of the applications holding it. */
  application: string[];
}

export type PrivilegeErrors = Partial<Record<'name' | 'description' | 'application', string>>;

export const EMPTY_PRIVILEGE: PrivilegeForm = { name: '', description: '', licence: false, isAuditable: false, application: [] };

/** The stored privilege as the form holds it; `applications` are the ones getApplicationsByIdPrivilege answered. */
export function privilegeToForm(record: PrivilegeRecord, applications: readonly string[] = record.application): PrivilegeForm {
  return {
    name: record.name,
    description: record.description,
    licence: record.licence,
    isAuditable: record.isAuditable,
    application: [...applications],
  };
}

const sameNames = (a: readonly string[], b: readonly string[]) => {
  const key = (names: readonly string[]) =>
    names
      .map((n) => n.toLowerCase())
      .sort()
      .join('\n');
  return key(a) === key(b);
};

/** Whether the form differs from what is stored (the order of applications does not count). */
export function privilegeChanged(form: PrivilegeForm, stored: PrivilegeForm): boolean {
  return (
    form.name.trim() !== stored.name.trim() ||
    form.description.trim() !== stored.description.trim() ||
    form.licence !== stored.licence ||
    form.isAuditable !== stored.isAuditable ||
    !sameNames(form.application, stored.application)
  );
}

/**
 * The form's errors by the contract's field schemas (docs/product/access.md, Rules), and the name's uniqueness
 * among `existing` names for a new privilege. Empty when valid.
 */
export function privilegeErrors(form: PrivilegeForm, existing: readonly string[] | null): PrivilegeErrors {
  const errors: PrivilegeErrors = {};
  const first = (schema: Parameters<typeof parseRequest>[0], value: unknown) => {
    const result = parseRequest(schema, value);
    return result.success ? undefined : result.message;
  };
  errors.name = first(PrivilegeNameSchema, form.name);
  if (!errors.name && existing && existing.some((name) => name.toLowerCase() === form.name.trim().toLowerCase()))
    errors.name = ACCESS_MESSAGES.privilegeNameInUse;
  errors.description = first(AccessDescriptionSchema, form.description);
  errors.application = first(PrivilegeApplicationsSchema, form.application);
  for (const key of Object.keys(errors) as Array<keyof PrivilegeErrors>) if (!errors[key]) delete errors[key];
  return errors;
}

/** The create body (the modify body adds id and idstate). */
export function privilegeBody(form: PrivilegeForm): PrivilegeBody {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    licence: form.licence,
    isAuditable: form.isAuditable,
    application: [...form.application],
  };
}

/** Characters left of the description's 100 (the countdown under it). */
export function remaining(text: string, max: number): number {
  return Math.max(0, max - text.length);
}
