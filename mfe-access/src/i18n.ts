import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's texts. */
export const NS = 'access';

export const resources: NamespaceResources = {
  es: {
    roles: 'Roles',
    privileges: 'Privilegios',
  },
  en: {
    roles: 'Roles',
    privileges: 'Privileges',
  },
  pt: {
    roles: 'Funções',
    privileges: 'Privilégios',
  },
};
