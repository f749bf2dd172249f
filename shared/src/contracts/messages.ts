/** Texts of the spec that the API and the client must agree on. */
export const MESSAGES = {
  noResponse: 'Error al realizar la petición.',
  forbidden:
    'La acción que está intentando realizar no es posible ejecutarla debido a que su usuario no tiene los privilegios suficientes.',
  required: 'Campo obligatorio',
  /** POST /api/Login success (A10). */
  loginSuccess: 'Ingreso exitoso',
  /** POST /api/Login wrong user or password (R11). */
  loginFailed: 'Usuario o contraseña incorrectos.',
  /** Missing, expired or invalid access token (R401). */
  unauthorized: 'La sesión no es válida o ha expirado. Inicie sesión de nuevo.',
  /** Unknown API route (R404). */
  notFound: 'El recurso solicitado no existe.',
  /** Unexpected server failure (R500). */
  serverError: 'Ocurrió un error inesperado. Intente de nuevo más tarde.',
  /** The password field of a login could not be decrypted with the payload key (R400). */
  undecodablePassword: 'La contraseña enviada no tiene un formato válido.',
  /** Sign-in refused: the application is inactive (R21). */
  applicationInactive: 'La aplicación se encuentra inactiva.',
  /** Sign-in refused: the application does not exist (R400). */
  applicationUnknown: 'La aplicación indicada no existe.',
  /** Sign-in refused: the user is inactive (R22). */
  userInactive: 'El usuario se encuentra inactivo. Comuníquese con el administrador.',
  /** Sign-in refused: the account was never activated (R14). */
  userNotActivated: 'Por favor revise el correo de bienvenida para activar su cuenta.',
  /** Sign-in refused: the account is permanently blocked (A20, isBlocked). */
  userBlocked: 'El usuario se encuentra bloqueado.',
} as const;

/**
 * `result.informationCode` values the API answers with.
 * A10/R11/R13/R14/R18/R21-R23/A20/R101 are the spec's; R400/R401/R403/R404/R500 are the
 * generic codes of the envelope for bad input, no session, no privilege, no route, failure.
 */
export const INFORMATION_CODES = {
  success: 'A10',
  blocked: 'A20',
  badCredentials: 'R11',
  temporaryLock: 'R13',
  notActivated: 'R14',
  passwordExpired: 'R18',
  applicationInactive: 'R21',
  userInactive: 'R22',
  refreshRevoked: 'R101',
  badRequest: 'R400',
  unauthorized: 'R401',
  forbidden: 'R403',
  notFound: 'R404',
  serverError: 'R500',
} as const;

/** Response headers on every document: the page learns its application and tenant from them. */
export const APP_NAME_HEADER = 'x-app-name';
export const TENANT_HEADER = 'x-tenant';

/** Fallback application (portal spec §1). */
export const FALLBACK_APP = 'ibuhoo';
