import { registerResources, type NamespaceResources } from '@suite/shared';

/** Namespace of the console kit's texts. */
export const CONSOLE_NS = 'console';

/**
 * Texts of the console kit. The Spanish texts docs/product/console.md fixes are copied
 * verbatim, spelling included ('filtar', 'busqueda').
 */
export const consoleResources: NamespaceResources = {
  es: {
    table: {
      search: 'Buscar',
      searchHint: 'Presiona la tecla Enter para filtar tu busqueda',
      empty: 'No se encontraron resultados',
      loading: 'Cargando…',
      sortOptions: { active: 'Activo', inactive: 'Inactivo', newest: 'Más reciente', oldest: 'Más antiguo' },
      sortBy: 'Ordenar por',
      create: 'Crear',
      state: 'Estado',
      actions: 'Acciones',
      delete: 'Eliminar',
      active: 'Activo',
      inactive: 'Inactivo',
      toggleState: 'Cambiar estado de {{name}}',
      deleteRow: 'Eliminar {{name}}',
      pagination: 'Paginación',
      rowsPerPage: 'Filas por página:',
      range: '{{from}}-{{to}} de {{count}}',
      moreThan: 'más de {{count}}',
      // not 'Siguiente' / 'Anterior': those name the cards' arrows, on the same screens
      previousPage: 'Página previa',
      nextPage: 'Próxima página',
    },
    dialog: { confirm: 'Aceptar', cancel: 'Cancelar' },
    unsaved: {
      message: '¿Hiciste Modificaciones ¿deseas actualizarlas?',
      update: 'Actualizar',
      discard: 'Descartar',
    },
    card: { edit: 'Editar', stopEditing: 'Dejar de editar', next: 'Siguiente', back: 'Anterior' },
  },
  en: {
    table: {
      search: 'Search',
      searchHint: 'Press Enter to filter your search',
      empty: 'No results found',
      loading: 'Loading…',
      sortOptions: { active: 'Active', inactive: 'Inactive', newest: 'Newest', oldest: 'Oldest' },
      sortBy: 'Sort by',
      create: 'Create',
      state: 'State',
      actions: 'Actions',
      delete: 'Delete',
      active: 'Active',
      inactive: 'Inactive',
      toggleState: 'Change the state of {{name}}',
      deleteRow: 'Delete {{name}}',
      pagination: 'Pagination',
      rowsPerPage: 'Rows per page:',
      range: '{{from}}-{{to}} of {{count}}',
      moreThan: 'more than {{count}}',
      previousPage: 'Earlier page',
      nextPage: 'Later page',
    },
    dialog: { confirm: 'Accept', cancel: 'Cancel' },
    unsaved: {
      message: 'You made changes. Do you want to save them?',
      update: 'Update',
      discard: 'Discard',
    },
    card: { edit: 'Edit', stopEditing: 'Stop editing', next: 'Next', back: 'Back' },
  },
  pt: {
    table: {
      search: 'Pesquisar',
      searchHint: 'Pressione Enter para filtrar sua pesquisa',
      empty: 'Nenhum resultado encontrado',
      loading: 'Carregando…',
      sortOptions: { active: 'Ativo', inactive: 'Inativo', newest: 'Mais recente', oldest: 'Mais antigo' },
      sortBy: 'Ordenar por',
      create: 'Criar',
      state: 'Estado',
      actions: 'Ações',
      delete: 'Excluir',
      active: 'Ativo',
      inactive: 'Inativo',
      toggleState: 'Alterar o estado de {{name}}',
      deleteRow: 'Excluir {{name}}',
      pagination: 'Paginação',
      rowsPerPage: 'Linhas por página:',
      range: '{{from}}-{{to}} de {{count}}',
      moreThan: 'mais de {{count}}',
      previousPage: 'Página anterior',
      nextPage: 'Próxima página',
    },
    dialog: { confirm: 'Aceitar', cancel: 'Cancelar' },
    unsaved: {
      message: 'Você fez alterações. Deseja salvá-las?',
      update: 'Atualizar',
      discard: 'Descartar',
    },
    card: { edit: 'Editar', stopEditing: 'Parar de editar', next: 'Próximo', back: 'Voltar' },
  },
};

registerResources(CONSOLE_NS, consoleResources);
