import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's screen labels. The spec's messages are catalogue phrases (APPLICATION_MESSAGES), not here. */
export const NS = 'apps';

export const resources: NamespaceResources = {
  es: {
    apps: 'Aplicaciones',
    columns: { name: 'Nombre', urlApp: 'URL', amountTimeComb: 'Duración del token', state: 'Estado' },
    state: { active: 'Activo', inactive: 'Inactivo' },
    loadingList: 'Cargando…',
  },
  en: {
    apps: 'Applications',
    columns: { name: 'Name', urlApp: 'URL', amountTimeComb: 'Token duration', state: 'State' },
    state: { active: 'Active', inactive: 'Inactive' },
    loadingList: 'Loading…',
  },
  pt: {
    apps: 'Aplicações',
    columns: { name: 'Nome', urlApp: 'URL', amountTimeComb: 'Duração do token', state: 'Estado' },
    state: { active: 'Ativo', inactive: 'Inativo' },
    loadingList: 'Carregando…',
  },
};
