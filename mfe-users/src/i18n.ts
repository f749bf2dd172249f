import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's texts. */
export const NS = 'users';

export const resources: NamespaceResources = {
  es: {
    title: 'Usuarios',
    loading: 'Cargando usuarios…',
    columns: {
      userName: 'Usuario',
      names: 'Nombres',
      surnames: 'Apellidos',
      document: 'Documento',
      email: 'Correo electrónico',
      state: 'Estado',
    },
    state: { active: 'Activo', inactive: 'Inactivo' },
    sort: { active: 'Activo', inactive: 'Inactivo', newest: 'Más reciente', oldest: 'Más antiguo' },
    create: 'Crear usuario',
  },
  en: {
    title: 'Users',
    loading: 'Loading users…',
    columns: {
      userName: 'User name',
      names: 'Names',
      surnames: 'Surnames',
      document: 'Document',
      email: 'E-mail',
      state: 'State',
    },
    state: { active: 'Active', inactive: 'Inactive' },
    sort: { active: 'Active', inactive: 'Inactive', newest: 'Most recent', oldest: 'Oldest' },
    create: 'Create user',
  },
  pt: {
    title: 'Usuários',
    loading: 'Carregando usuários…',
    columns: {
      userName: 'Usuário',
      names: 'Nomes',
      surnames: 'Sobrenomes',
      document: 'Documento',
      email: 'E-mail',
      state: 'Estado',
    },
    state: { active: 'Ativo', inactive: 'Inativo' },
    sort: { active: 'Ativo', inactive: 'Inativo', newest: 'Mais recente', oldest: 'Mais antigo' },
    create: 'Criar usuário',
  },
};
