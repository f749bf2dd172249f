import type { NamespaceResources } from '@suite/shared';

/** Namespace of this remote's texts. */
export const NS = 'users';

export const resources: NamespaceResources = {
  es: {
    title: 'Usuarios',
    loading: 'Cargando usuarios…',
    empty: 'No se encontraron resultados',
    columns: {
      userName: 'Usuario',
      names: 'Nombres',
      surnames: 'Apellidos',
      document: 'Documento',
      email: 'Correo electrónico',
      state: 'Estado',
    },
    state: { active: 'Activo', inactive: 'Inactivo' },
  },
  en: {
    title: 'Users',
    loading: 'Loading users…',
    empty: 'No results found',
    columns: {
      userName: 'User name',
      names: 'Names',
      surnames: 'Surnames',
      document: 'Document',
      email: 'E-mail',
      state: 'State',
    },
    state: { active: 'Active', inactive: 'Inactive' },
  },
  pt: {
    title: 'Usuários',
    loading: 'Carregando usuários…',
    empty: 'Nenhum resultado encontrado',
    columns: {
      userName: 'Usuário',
      names: 'Nomes',
      surnames: 'Sobrenomes',
      document: 'Documento',
      email: 'E-mail',
      state: 'Estado',
    },
    state: { active: 'Ativo', inactive: 'Inativo' },
  },
};
