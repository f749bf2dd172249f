import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's texts. */
export const NS = 'menus';

export const resources: NamespaceResources = {
  es: {
    menuSettings: 'Ajustes de menú',
  },
  en: {
    menuSettings: 'Menu settings',
  },
  pt: {
    menuSettings: 'Configurações de menu',
  },
};
