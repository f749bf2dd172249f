import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's texts. */
export const NS = 'apps';

export const resources: NamespaceResources = {
  es: {
    apps: 'Aplicaciones',
  },
  en: {
    apps: 'Applications',
  },
  pt: {
    apps: 'Aplicações',
  },
};
