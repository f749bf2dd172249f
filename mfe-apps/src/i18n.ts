import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's screen labels. The spec's messages are catalogue phrases (APPLICATION_MESSAGES), not here. */
export const NS = 'apps';

export const resources: NamespaceResources = {
  es: {
    apps: 'Aplicaciones',
    columns: { name: 'Nombre', urlApp: 'URL', amountTimeComb: 'Duración del token', state: 'Estado' },
    sort: { active: 'Activo', inactive: 'Inactivo', newest: 'Más reciente', oldest: 'Más antiguo' },
    state: { active: 'Activo', inactive: 'Inactivo' },
    loadingList: 'Cargando…',
  },
  en: {
    apps: 'Applications',
    columns: { name: 'Name', urlApp: 'URL', amountTimeComb: 'Token duration', state: 'State' },
    sort: { active: 'Active', inactive: 'Inactive', newest: 'Newest', oldest: 'Oldest' },
    state: { active: 'Active', inactive: 'Inactive' },
    loadingList: 'Loading…',
  },
  pt: {
    apps: 'Aplicações',
    columns: { name: 'Nome', urlApp: 'URL', amountTimeComb: 'Duração do token', state: 'Estado' },
    sort: { active: 'Ativo', inactive: 'Inativo', newest: 'Mais recente', oldest: 'Mais antigo' },
    state: { active: 'Ativo', inactive: 'Inativo' },
    loadingList: 'Carregando…',
  },
};
