import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's texts. */
export const NS = 'notifications';

export const resources: NamespaceResources = {
  es: {
    notifications: 'Notificaciones de correo',
  },
  en: {
    notifications: 'E-mail notifications',
  },
  pt: {
    notifications: 'Notificações por e-mail',
  },
};
