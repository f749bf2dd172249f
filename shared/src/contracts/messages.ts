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
  /** A request the HTTP layer cannot read: malformed URL or request line (R400). */
  badHttpRequest: 'Solicitud inválida: la dirección o la solicitud no tienen un formato válido.',
  /** The request did not arrive whole within REQUEST_TIMEOUT_MS (R408). */
  requestTimeout: 'La solicitud no llegó completa a tiempo.',
  /** Request headers over the size the server reads (R431). */
  headersTooLarge: 'Las cabeceras de la solicitud son demasiado grandes.',
  /** The server is shutting down or at its connection limit (R503). */
  serviceUnavailable: 'El servicio no está disponible en este momento. Intente de nuevo más tarde.',
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
  /** Sign-in refused: too many failed attempts, temporary lock (R13, failedLoginInformation.lockTime). */
  temporaryLock: 'El usuario se encuentra bloqueado temporalmente por superar el número de intentos permitidos.',
  /** Shown by the client when the R13 countdown reaches zero. */
  userReleased: 'El usuario ya fue liberado por favor intente acceder de nuevo.',
  /** Sign-in refused: the password is older than the application allows (R18). */
  passwordExpired: 'Su clave se encuentra venciada debe realizar el cambio.',
  /** Sign-in refused: the application is in a maintenance window (R23; the window's own message when it has one). */
  applicationMaintenance: 'La aplicación se encuentra en mantenimiento. Intente de nuevo más tarde.',
  /** POST /api/Login/RefreshToken success. */
  tokenRefreshed: 'Token renovado',
  /** Refresh refused: the refresh token (or its session) was revoked, or was already used (R101). */
  refreshRevoked: 'Su sesión ha sido revocada. Por favor inicie sesión nuevamente.',
  /** Refresh refused: the session reached the application's maxRefreshTokens (R101). */
  refreshLimitReached: 'Se alcanzó el número máximo de renovaciones de la sesión. Por favor inicie sesión nuevamente.',
  /** Refresh refused: unknown or expired refresh token (R401). */
  refreshInvalid: 'El token de actualización no es válido o ha expirado. Inicie sesión de nuevo.',
  /** PUT /api/login/RevokeToken success ('Sesión finalizada exitosamente' is the screen's text). */
  sessionEnded: 'Sesión finalizada exitosamente',
  /** GET /api/login/TokenValidation success. */
  tokenValid: 'Token válido',
  /** POST /api/login/GenerateTokens refused: unknown, expired or already used code (R401). */
  codeInvalid: 'El código no es válido, expiró o ya fue utilizado.',
  /** POST /api/user/validatesession success. */
  sessionBound: 'Sesión validada',
  /** POST /api/user/validatesession: the hub connection is not open on this server (R404). */
  connectionUnknown: 'La conexión indicada no existe o ya fue cerrada.',
  /** Push (ReceiveSessionStatus): the user's newer sign-in exceeded the application's limit. */
  sessionReplaced: 'Tu sesión fue cerrada porque se inició sesión en otro dispositivo.',
  /** Push (ReceiveSessionStatus): the application's limit of simultaneous sessions was exceeded. */
  sessionLimitReached: 'Tu sesión fue cerrada porque se alcanzó el número máximo de sesiones simultáneas de la aplicación.',
  /** Push (ReceiveSessionStatus): a spent refresh token was presented again; the session was closed. */
  sessionClosedForSecurity: 'Tu sesión fue cerrada por seguridad. Por favor inicia sesión nuevamente.',
  /** 429 on sign-in and token endpoints (R429). */
  tooManyRequests: 'Demasiadas solicitudes. Intente de nuevo en unos segundos.',
  /** GetUsersResetPassword: no account uses the e-mail (404, R11). */
  noUsersForEmail: 'No se encontraron usuarios asociados al correo.',
  /** ResetPassword success (A10). */
  resetEmailSent: 'Se envió un correo con el enlace para restablecer la contraseña.',
  /** SendUserActivationEmail success (A10). */
  activationEmailSent: 'Se envió el correo de activación de la cuenta.',
  /** AssignPassword refused: unknown, used or tampered link (R31). */
  invalidLink: 'El enlace no es válido.',
  /** AssignPassword refused: the link expired (R32). */
  linkExpired: 'El enlace ha expirado. Solicite uno nuevo.',
  /** AssignPassword / ChangePassword refused: the password is in the history (R33). */
  passwordReused: 'La contraseña ya fue utilizada anteriormente.',
  /** AssignPassword success for an activation (A10). */
  passwordCreated: 'Contraseña creada exitosamente.',
  /** AssignPassword / ChangePassword success (A10). */
  passwordUpdated: 'Contraseña actualizada exitosamente.',
  /** Push (ReceiveSessionStatus): the password was changed; every session of the user was closed. */
  sessionPasswordChanged: 'Tu sesión fue cerrada porque la contraseña de la cuenta fue cambiada.',
  /** ResetPassword: an e-mail shared by several accounts names no single one (400). */
  severalAccounts: 'Hay varias cuentas asociadas al correo; indique el usuario.',
  /** ResetPassword / SendUserActivationEmail: unknown user (404, R404). */
  userUnknown: 'El usuario no existe.',
  /** SendUserActivationEmail: the account is already active (409, R34). */
  userAlreadyActive: 'El usuario ya se encuentra activo.',
} as const;

/**
 * `result.informationCode` values the API answers with.
 * A10/R11/R13/R14/R18/R21-R23/A20/R101 are the spec's; R400/R401/R403/R404/R408/R429/R431/R500/R503
 * are the generic codes of the envelope for bad input, no session, no privilege, no route, a
 * request too slow, too many requests, headers too large, failure, unavailable. docs/security/codes.md lists each with its HTTP status.
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
  applicationMaintenance: 'R23',
  refreshRevoked: 'R101',
  invalidLink: 'R31',
  linkExpired: 'R32',
  passwordReused: 'R33',
  userAlreadyActive: 'R34',
  badRequest: 'R400',
  unauthorized: 'R401',
  forbidden: 'R403',
  notFound: 'R404',
  tooManyRequests: 'R429',
  requestTimeout: 'R408',
  headersTooLarge: 'R431',
  serverError: 'R500',
  unavailable: 'R503',
} as const;

/** Response headers on every document: the page learns its application and tenant from them. */
export const APP_NAME_HEADER = 'x-app-name';
export const TENANT_HEADER = 'x-tenant';

/** Fallback application (portal spec §1). */
export const FALLBACK_APP = 'ibuhoo';
