import { CONSOLE_SECTIONS } from '../federation/remotes';

/**
 * Texts of the shell and the shared UI kit (namespace `common`), in every supported language.
 * Each remote adds its own namespace with registerResources().
 */
/** The drawer's labels in a language, by section (`shell.nav.<name>`): the route map states them once. */
function drawerLabels(language: 'es' | 'en' | 'pt'): Record<string, string> {
  return Object.fromEntries(CONSOLE_SECTIONS.map((section) => [section.label.replace(/^shell\.nav\./, ''), section.titles[language]]));
}

export const commonResources = {
  es: {
    version: 'Versión {{version}}',
    unavailable: {
      title: 'Sección no disponible',
      body: 'No pudimos cargar esta sección. Las demás siguen funcionando.',
      retry: 'Reintentar',
    },
    placeholder: {
      body: 'Esta pantalla estará disponible pronto.',
      route: 'Ruta: {{route}}',
    },
    shell: {
      mainNav: 'Navegación principal',
      userMenu: 'Menú de usuario',
      signOut: 'Cerrar sesión',
      home: 'Inicio',
      skipToContent: 'Saltar al contenido',
      noSections: 'Tu usuario no tiene privilegios para ninguna sección de la consola.',
      topNav: 'Menú superior',
      suiteGrid: 'Aplicaciones de la suite',
      submenu: 'Submenú de {{name}}',
      menuLoading: 'Cargando el menú…',
      menuFallback: 'No pudimos cargar el menú; se muestran las secciones de la consola.',
      userSections: { 0: 'Usuario', 1: 'Aplicación' },
      nav: drawerLabels('es'),
    },
    dialog: {
      notice: 'Notificación',
      error: 'Error',
      accept: 'Aceptar',
    },
    maintenance: {
      title: 'Estamos en mantenimiento',
      accept: 'Entendido',
    },
    errors: {
      generic: 'Something error has occurred.',
    },
  },
  en: {
    version: 'Version {{version}}',
    unavailable: {
      title: 'Section unavailable',
      body: 'We could not load this section. Everything else keeps working.',
      retry: 'Retry',
    },
    placeholder: {
      body: 'This screen will be available soon.',
      route: 'Route: {{route}}',
    },
    shell: {
      mainNav: 'Main navigation',
      userMenu: 'User menu',
      signOut: 'Sign out',
      home: 'Home',
      skipToContent: 'Skip to content',
      noSections: 'Your user has no privileges for any section of the console.',
      topNav: 'Top menu',
      suiteGrid: 'Suite applications',
      submenu: 'Submenu of {{name}}',
      menuLoading: 'Loading the menu…',
      menuFallback: 'We could not load the menu; the console sections are shown.',
      userSections: { 0: 'User', 1: 'Application' },
      nav: drawerLabels('en'),
    },
    dialog: {
      notice: 'Notification',
      error: 'Error',
      accept: 'Accept',
    },
    maintenance: {
      title: 'We are under maintenance',
      accept: 'Got it',
    },
    errors: {
      generic: 'Something error has occurred.',
    },
  },
  pt: {
    version: 'Versão {{version}}',
    unavailable: {
      title: 'Seção indisponível',
      body: 'Não foi possível carregar esta seção. As demais continuam funcionando.',
      retry: 'Tentar novamente',
    },
    placeholder: {
      body: 'Esta tela estará disponível em breve.',
      route: 'Rota: {{route}}',
    },
    shell: {
      mainNav: 'Navegação principal',
      userMenu: 'Menu do usuário',
      signOut: 'Encerrar sessão',
      home: 'Início',
      skipToContent: 'Pular para o conteúdo',
      noSections: 'Seu usuário não tem privilégios para nenhuma seção do console.',
      topNav: 'Menu superior',
      suiteGrid: 'Aplicativos da suíte',
      submenu: 'Submenu de {{name}}',
      menuLoading: 'Carregando o menu…',
      menuFallback: 'Não foi possível carregar o menu; são exibidas as seções do console.',
      userSections: { 0: 'Usuário', 1: 'Aplicativo' },
      nav: drawerLabels('pt'),
    },
    dialog: {
      notice: 'Notificação',
      error: 'Erro',
      accept: 'Aceitar',
    },
    maintenance: {
      title: 'Estamos em manutenção',
      accept: 'Entendi',
    },
    errors: {
      generic: 'Something error has occurred.',
    },
  },
} as const;
