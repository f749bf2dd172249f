/**
 * The phrase catalogue's source language, grouped by area: the Spanish texts the product
 * documents quote (docs/product), verbatim (their spellings included: 'venciada'), and the API's
 * own refusals. Every other language is typed against this object, so a phrase missing in English
 * or Portuguese does not compile. Placeholders are `:name` (formatPhrase fills them).
 */
export const es = {
  /** Texts the API and the portal agree on (docs/product/sign-in.md, Outcomes; the codes in docs/security/codes.md). */
  messages: {
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
    /** 429 of the reset flows' hourly limit per account (R429): the wait is up to an hour. */
    tooManyRequestsForAccount: 'Se alcanzó el número de solicitudes permitidas para esta cuenta. Intente de nuevo más tarde.',
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
  },
  /** The console's shared validation messages (docs/product/console.md, Generic validation messages). */
  validation: {
    required: 'Campo obligatorio.',
    emailFormat: 'El correo no posee el formato correcto.',
    min: 'Debe tener al menos :min caracteres.',
    max: 'Debe tener máximo :max caracteres.',
    /** `:attribute` is the field's label. */
    numeric: ':attribute debe ser un número.',
    // our own wording:
    integer: 'Debe ser un número entero.',
    /** A list's maximum number of items. */
    maxItems: 'Debe tener máximo :max elementos.',
  },
  /** New passwords (docs/product/passwords.md, Password rules). */
  password: {
    weak: 'La contraseña no cumple con el nivel mínimo de seguridad requerida.',
    mismatch: 'Las contraseñas no coinciden.',
    required: 'Campo obligatorio',
    /** AssignPassword / ChangePassword refused: the new password equals one of the last N. */
    reused: 'La contraseña ya fue utilizada anteriormente.',
  },
  /** The forgot-password e-mail field (docs/product/passwords.md, Reset by e-mail). */
  resetEmail: {
    required: 'El Campo email es obligatorio',
    /** The same, as the newer forgot-password look words it. */
    enterValid: 'Ingresa un email valido',
    format: 'El formato de email ingresado no es válido. Inténtalo de nuevo.',
    max: 'Debe tener máximo 100 caracteres.',
  },
  /** Activation and reset links as the change-password screen reads them. */
  link: {
    invalid: 'El enlace no es válido',
    undecodable: 'Error al procesar el enlace',
  },
  /** The user form and the users calls (docs/product/users.md). */
  users: {
    documentMax: 'Máximo 13 caracteres',
    documentNumeric: 'El campo debe ser numérico, mínimo 1 caracter.',
    documentAlphanumeric: 'El campo debe ser alfanumérico.',
    userNameInUse: 'El nombre de usuario ingresado ya se encuentra utilizado',
    emailInUse: 'El correo electrónico ingresado ya se encuentra utilizado',
    mainCompanyRequired: '*Se requiere una empresa principal',
    roleRequired: '*Se requiere mínimo un rol',
    /** Deleted-user match (A20; docs/product/users.md, Duplicate user name or e-mail). */
    deletedUserMatch:
      'El nombre de usuario y/o correo ingresados ya ha sido utilizado por un usuario que ha sido eliminado. Selecciona una de las siguientes acciones para Continuar',
    createNewUser: 'Crear nuevo usuario.',
    reactivateUser: 'Reactivar usuario.',
    created: 'El usuario fue creado con éxito',
    /** Verbatim, leading space included (docs/product/users.md, Creating and saving). */
    dataUpdated: ' Los datos del usuario han sido actualizados',
    updated: '¡El usuario fue actualizado con éxito!',
    stateNotChangeable: 'No es posible cambiar de estado a este usuario',
    nowActive: 'El usuario quedó en estado activo',
    nowInactive: 'El usuario quedó en estado inactivo',
    confirmActivate: '¿Deseas activar este usuario ?',
    confirmDeactivate: '¿Deseas desactivar este usuario ?',
    confirmDelete: '¿Deseas eliminar este usuario?',
    unsavedChanges: '¿Hiciste Modificaciones ¿deseas actualizarlas?',
    confirmMainCompany: 'Desea cambiar la empresa principal?',
    // our own wording:
    lettersOnly: 'Solo se permiten letras y espacios.',
    userNameChars: 'Solo se permiten letras, números y los caracteres . _ - @',
    emailChars: 'Solo se permiten letras, números y los caracteres . _ - @ +',
    phoneDigits: 'Solo se permiten números.',
    oneMainCompany: 'Solo puede haber una empresa principal.',
    deleted: 'El usuario fue eliminado con éxito',
    reactivated: 'El usuario fue reactivado con éxito',
    /** An administrator cannot lock themselves out. */
    notOnYourself: 'No puedes desactivar ni eliminar tu propio usuario.',
    notFound: 'El usuario no existe.',
    userTypeUnknown: 'El tipo de usuario no existe.',
    countryUnknown: 'El país no existe.',
    documentTypeUnknown: 'El tipo de documento no existe para el país.',
    companyUnknown: 'La empresa no existe.',
    roleUnknown: 'El rol no existe o no está activo para la aplicación.',
    applicationUnknown: 'La aplicación no existe.',
    notDeleted: 'El usuario no se encuentra eliminado.',
    available: 'El valor no se encuentra utilizado.',
    /** Push (ReceiveSessionStatus) to the sessions of a user an administrator inactivated or deleted. */
    sessionEndedByAdmin: 'Tu sesión fue cerrada porque tu usuario fue desactivado por un administrador.',
    companyRepeated: 'Una empresa está repetida.',
    roleRepeated: 'Un rol está repetido para la misma aplicación.',
    /** A role sent without its application is offered in more than one. */
    roleApplicationAmbiguous: 'El rol se ofrece en varias aplicaciones: indica en cuál se asigna.',
    /** getuserexists: exactly one of userName and email. */
    userNameOrEmail: 'Envíe userName o email.',
    /** The `code` header of the document types: a country's code in letters. */
    countryCodeInvalid: 'El código de país no es válido.',
  },
  /** The roles and privileges sections (docs/product/access.md). */
  access: {
    applicationRequired: 'Se requiere minimo una aplicación',
    privilegeRequired: '*Se requiere mínimo un privilegio',
    noChanges: 'No hay cambios para guardar',
    unsavedChanges: 'Hiciste modificaciones ¿Deseas actualizarlas?',
    confirmActivatePrivilege: 'Está seguro que desea activar este privilegio?',
    confirmInactivatePrivilege: 'Está seguro que desea inactivar este privilegio?',
    confirmActivateRole: 'Está seguro que desea activar este rol?',
    confirmInactivateRole: 'Está seguro que desea inactivar este rol?',
    confirmActivateLicence: 'Está seguro que desea activar esta licencia?',
    confirmInactivateLicence: 'Está seguro que desea inactivar esta licencia?',
    privilegeNowActive: 'El privilegio quedó en estado activo para todas las aplicaciones asociadas',
    privilegeNowInactive: 'El privilegio quedó en estado inactivo para todas las aplicaciones asociadas',
    roleNowActive: 'El Rol quedó en estado activo',
    roleNowInactive: 'El Rol quedó en estado inactivo',
    // our own wording:
    privilegeNameChars: 'Solo se permiten letras, números y guion bajo, sin espacios.',
    roleNameChars: 'Solo se permiten letras, números, guion bajo y espacios.',
    aliasNoUnderscore: 'El alias no puede contener guion bajo.',
    privilegeNameInUse: 'Ya existe un privilegio con ese nombre.',
    roleNameInUse: 'Ya existe un rol con ese nombre.',
    privilegeNotRenamable: 'El nombre de un privilegio no se puede cambiar.',
    privilegeCreated: 'El privilegio fue creado con éxito',
    privilegeUpdated: 'El privilegio fue actualizado con éxito',
    roleCreated: 'El rol fue creado con éxito',
    roleUpdated: 'El rol fue actualizado con éxito',
    applicationUnknown: 'La aplicación no existe o no está disponible.',
    applicationRepeated: 'Una aplicación está repetida.',
    privilegeUnknown: 'El privilegio no existe.',
    roleUnknown: 'El rol no existe.',
    lastConsoleHolder: 'No se puede guardar: ningún usuario activo tendría ya el privilegio :privilege de la consola.',
    /** A role's privilege must be active and held by the application it is given in. */
    privilegeNotInApplication: 'El privilegio :privilege no está activo en la aplicación :application.',
    privilegeRepeated: 'Un privilegio está repetido en la misma aplicación.',
  },
  /** The applications section of the console (docs/product/applications.md). */
  applications: {
    created: 'La aplicación fue creada con éxito',
    updated: 'La aplicación ha sido actualizada',
    confirmActivate: 'Deseas activar esta aplicación?',
    confirmInactivate: 'Deseas desactivar esta aplicación?',
    basicUpdated: 'Los datos básicos han sido actualizados',
    tokenUpdated: 'Las opciones de token han sido actualizados',
    passwordUpdated: 'Las opciones de contraseña han sido actualizados',
    configurationUpdated: 'Las opciones de configuración han sido actualizados',
    titleMin: 'Debe tener más de 2 caracteres',
    urlInvalid: 'Debes asignar una url válida',
    concurrentRange: 'Valor desde 1 hasta 255',
    fromMinusOne: 'Valor numérico desde -1',
    unitMinutes: 'Minutos',
    unitHours: 'Horas',
    unitDays: 'Días',
    // our own wording:
    nameChars: 'Solo se permiten letras, números y espacios.',
    notZero: 'El valor no puede ser 0.',
    minValue: 'El valor mínimo es :min.',
    maxValue: 'El valor máximo es :max.',
    nameInUse: 'Ya existe una aplicación con ese nombre.',
    unknown: 'La aplicación no existe.',
    hiddenStaysHidden: 'La aplicación RESETOTP no se puede hacer visible ni renombrar.',
    consoleStaysOn: 'La aplicación de la consola no se puede inactivar, ocultar ni renombrar.',
    urlNotRegistered: 'La URL :url no está entre los orígenes permitidos de la suite (PUBLIC_URL, HOST_MAP o APP_ORIGINS).',
  },
  /** Settings that contradict one another: advice beside the fields (docs/product/applications.md, Warnings). */
  applicationWarnings: {
    accessOutlivesRefresh:
      'El token de acceso dura más que el token de actualización: la sesión terminará antes de que el token de acceso expire.',
    linkOutlivesPassword:
      'El enlace dura más que la vigencia de la contraseña: la contraseña asignada podría vencer antes de usar el enlace.',
    concurrentUnreachable: 'El límite por usuario (:byUser) supera el límite de la aplicación (:total): nunca se alcanzará.',
  },
  /** The Apariencia tab of the application form (docs/product/applications.md, Apariencia). */
  appearance: {
    colourInvalid: 'Debes asignar un color válido (#rrggbb).',
    imageInvalid: 'Debes asignar una imagen de la suite (/brand/… o una imagen cargada).',
    fontInvalid: 'La fuente solo admite letras, números, espacios, comas, comillas y guiones.',
    tenantUnknown: 'El inquilino no existe en esta aplicación.',
    contrastTooLow: 'El contraste de :text sobre :background en la plantilla :mode es :ratio:1; se requiere al menos 4.5:1.',
    modeLight: 'clara',
    modeDark: 'oscura',
    updated: 'La apariencia ha sido actualizada',
    tenantUpdated: 'La apariencia del inquilino ha sido actualizada',
    imageTooLarge: 'La imagen no puede superar 2 MB.',
    imageDimensions: 'La imagen no puede medir más de :side píxeles por lado ni tener más de :megapixels megapíxeles.',
    imageType: 'El archivo debe ser una imagen PNG, JPG, WebP o ICO.',
    fileNameLong: 'El nombre del archivo no puede superar 200 caracteres.',
    imageUploaded: 'La imagen ha sido cargada',
  },
  /** The notifications section of the console (docs/product/notifications.md). */
  notifications: {
    listTitle: 'Notificaciones de correo',
    create: 'Crear notificación',
    newTitle: 'Nueva notificación',
    editTitle: 'Edición de la notificación',
    detailTitle: 'Detalle de la notificación',
    executedReadOnly: 'La notificación ya fue ejecutada, no se puede modificar',
    confirmDelete: 'Desea eliminar esta notificación?',
    // our own wording:
    created: 'La notificación fue creada con éxito',
    updated: 'La notificación ha sido actualizada',
    deleted: 'La notificación fue eliminada',
    unknown: 'La notificación no existe.',
    templateUnavailable: 'La plantilla no existe o no está disponible para todas las aplicaciones elegidas.',
    subjectNotOfTemplate: 'El asunto no pertenece a la plantilla elegida.',
    applicationUnavailable: 'Una de las aplicaciones elegidas no existe o no está activa.',
    dateInvalid: 'La fecha no es válida.',
    sendDateFromToday: 'La fecha de envío debe ser hoy o posterior.',
    sendDateTooFar: 'La fecha de envío no puede ser más de :years años después de hoy.',
    dateFromTomorrow: 'La fecha debe ser a partir de mañana.',
    hourRange: 'La hora debe estar entre 0 y 23.',
    minutesRange: 'Los minutos deben estar entre 0 y 59.',
    variablesInvalid: 'Las variables no tienen un formato válido.',
    variableUnknown: 'La variable :name no pertenece a la plantilla.',
    variableRepeated: 'La variable :name está repetida.',
    timeZoneInvalid: 'La zona horaria no es válida.',
    testNoAddress: 'Tu usuario no tiene un correo al que enviar la prueba.',
    testSent: 'Se envió un correo de prueba a :email',
  },
  /** Menu settings (docs/product/menus.md). */
  menus: {
    deleteItem: '¿Deseas eliminar este ítem?',
    saved: '¡Menú guardado exitosamente!',
    modified: '¡Menú modificado exitosamente!',
    unsavedChanges: 'Debes dar clic en el botón Guardar Menú para aplicar los cambios',
    urlInvalid: 'Ingrese una url correcta!',
    fileType: 'Debe cargar un archivo valido (.png).',
    fileName: 'El nombre del archivo seleccionado no es valido.',
    fileSize: 'El tamaño del archivo supera el máximo permitido (2MB).',
    // our own wording:
    stale: 'El menú fue modificado por otra persona después de cargarlo. Recárgalo para ver sus cambios; tus cambios siguen en pantalla.',
    alreadyExists: 'Ya existe un menú para esta aplicación y ubicación. Recárgalo antes de guardar.',
    notFound: 'El menú no existe.',
    locationInvalid: 'La ubicación del menú debe ser 1, 2, 3 o 4.',
    notAList: 'El menú debe ser una lista de ítems en JSON.',
    tooDeep: 'El menú tiene más de :max niveles.',
    tooMany: 'El menú tiene más de :max ítems.',
    keyInvalid: 'La clave de un ítem debe tener 10 letras o números.',
    keyRepeated: 'La clave :key está repetida.',
    functionRequired: 'Indica el nombre de la función.',
    iconUnknown: 'El ícono :icon no existe.',
    imageInvalid: 'La imagen debe ser una ruta del servidor o una dirección https.',
    sizeIconInvalid: 'El tamaño del ícono debe ser como 24px (8 a 128).',
    sectionOnlyUserMenu: 'La sección solo aplica al menú de usuario.',
    sectionRequired: 'En el menú de usuario cada ítem debe indicar su sección (0 usuario, 1 aplicación).',
    numberRows: 'numberRows debe ser :rows para esta ubicación.',
    suiteNoChildren: 'Los ítems de la suite no tienen hijos.',
    privilegeUnknown: 'El privilegio :privilege no está asignado a la aplicación :application.',
    logosRequired: 'Carga el logo claro y el oscuro.',
    userUnknown: 'El usuario no existe.',
    /** The If-Match header of Modify: the menu's version as an entity tag (docs/product/menus.md, Rules). */
    ifMatchInvalid: 'If-Match debe ser la versión del menú entre comillas, por ejemplo "7", o *.',
  },
  /** Refusals of the request gate and of the contracts' technical fields. */
  request: {
    /** A string with NUL, C0 controls or lone surrogates; the API prefixes where it was. */
    forbiddenText: 'contiene caracteres no permitidos.',
    /** `:where` is 'body.names', 'headers.appname', …; `:detail` the field's own message. */
    invalidAt: 'Solicitud inválida (:where): :detail',
    invalid: 'Solicitud inválida: :detail',
    invalidId: 'El identificador no es válido.',
    appNameInvalid: 'appName no es válido',
    tenantInvalid: 'tenant no es válido',
    tenantLanguageInvalid: 'tenantLanguage debe ser ES, EN o PT',
    quantityOne: 'Quantity debe ser 1',
    pagesFormat: 'pages debe tener la forma "<página>,<10|25|100>"',
    /** The users list's sort (USER_SORT). */
    filterByInvalid: 'filterBy debe ser 1, 2, 3 o 4',
    /** The sign-in's tab id: 16 digits. */
    sessionTabInvalid: 'idSessionTab debe tener 16 dígitos',
    /** The address a sign-in claims (`:max` is IP_MAX_LENGTH). */
    ipInvalid: 'Debe ser una dirección IPv4 o IPv6 (máximo :max caracteres).',
    /** An application's name in a header of the console's read calls. */
    applicationInvalid: 'La aplicación no es válida.',
    databaseUnavailable: 'La base de datos no está disponible.',
    /** A field of a type other than its contract's (a number for a text, a list for an object). */
    wrongType: 'El valor no tiene el tipo esperado.',
    /** A field a closed object does not take. */
    unknownField: 'El campo no se admite.',
    /** A value no more specific rule describes. */
    invalidValue: 'El valor no es válido.',
  },
  /** External sign-in through an OpenID provider (docs/product/sign-in.md, External identity provider; docs/security/oidc.md). */
  oidc: {
    /** A code, state or iss of the callback that is empty, too long or not printable ASCII (400). */
    callbackValueInvalid: 'El valor devuelto por el proveedor de identidad no es válido.',
    /** connect-ciam-oidc: the application offers no external sign-in, or none is configured for it (400). */
    notOffered: 'La aplicación no ofrece el ingreso con un proveedor de identidad externo.',
    /** The identity provider could not be reached (503). */
    providerUnavailable: 'El proveedor de identidad no está disponible. Inténtalo más tarde.',
    /** generate-token-oidc: no request in flight for this state and browser (expired, used or someone else's) (401). */
    requestInvalid: 'La solicitud de ingreso externo no es válida, expiró o ya fue utilizada.',
    /** The provider did not confirm the code or its ID token did not verify (401). */
    exchangeRefused: 'El proveedor de identidad no confirmó la credencial.',
    /** The provider's account is linked to no user here and cannot be linked by a verified e-mail (403). */
    notLinked: 'La cuenta del proveedor de identidad no está vinculada a ningún usuario.',
  },
  /** The suite as an OpenID provider: the portal's part of an application's sign-in request (docs/adr/0036-openid-provider.md). */
  /** The applications console's Integración tab: the application's OpenID clients (docs/adr/0036-openid-provider.md). */
  providerClients: {
    clientIdInvalid: 'El identificador del cliente admite letras, números, punto, guion y guion bajo (máximo 64).',
    clientTypeInvalid: 'El tipo de cliente debe ser público o confidencial.',
    addressInvalid: 'La dirección debe ser https, o http en el propio equipo (127.0.0.1, localhost), sin fragmento ni credenciales.',
    redirectRequired: 'Registra al menos una dirección de retorno.',
    scopeInvalid: 'El alcance no es válido.',
    openidRequired: 'El alcance openid es obligatorio.',
    /** Another application's client already has this id (409). */
    clientTaken: 'Ya existe un cliente con ese identificador.',
    /** No such client in this application (404). */
    clientNotFound: 'El cliente no existe en esta aplicación.',
    /** Rotating the secret of a public client (400). */
    noSecret: 'Un cliente público no tiene secreto.',
    created: 'Cliente creado. Copia el secreto ahora: no se volverá a mostrar.',
    createdPublic: 'Cliente creado.',
    updated: 'Cliente actualizado.',
    rotated: 'Secreto renovado. Copia el secreto ahora: no se volverá a mostrar.',
    removed: 'Cliente eliminado.',
  },
  /** Second factors: the /security page, the second step of a sign-in (docs/adr/0037-second-factors.md). */
  /** A person's sessions and lockout in the users console (docs/product/users.md, Sessions and lockout). */
  userSecurity: {
    userUnknown: 'El usuario no existe.',
    sessionUnknown: 'La sesión no existe o ya terminó.',
    sessionClosed: 'Se cerró la sesión.',
    sessionsClosed: 'Se cerraron las sesiones del usuario.',
    /** Pushed to the person's open pages when an administrator closes their session. */
    sessionClosedByAdmin: 'Un administrador cerró tu sesión. Vuelve a ingresar.',
    unlocked: 'Se desbloqueó el usuario.',
    notLocked: 'El usuario no está bloqueado.',
  },
  /** The console's audit section (docs/product/audit.md). */
  audit: {
    filterTooLong: 'El filtro es demasiado largo.',
    dateInvalid: 'La fecha no es válida.',
    pageInvalid: 'La página no es válida.',
    entryUnknown: 'La entrada de auditoría no existe.',
  },
  factors: {
    userUnknown: 'El usuario no existe.',
    removedByAdministrator: 'Se quitó el factor. La persona recibirá un correo.',
    secondStep: 'Verifica que eres tú con tu segundo factor.',
    codeFormat: 'Ingresa el código de 6 dígitos de tu aplicación de autenticación.',
    recoveryCodeFormat: 'El código de recuperación tiene 10 letras y números.',
    codeWrong: 'El código de verificación no es correcto.',
    stepExpired: 'El paso de verificación expiró. Vuelve a ingresar.',
    nameRequired: 'Escribe un nombre.',
    nameTooLong: 'El nombre admite hasta 60 caracteres.',
    passwordRequired: 'Escribe tu contraseña.',
    passwordWrong: 'La contraseña no es correcta.',
    factorUnknown: 'El factor no existe.',
    setupExpired: 'La configuración expiró. Vuelve a empezar.',
    verified: 'Verificación correcta.',
    added: 'Se agregó el factor.',
    renamed: 'Se cambió el nombre.',
    removed: 'Se quitó el factor.',
    recoveryCodesIssued: 'Se generaron códigos de recuperación nuevos.',
    passkeyRefused: 'La llave de acceso no fue aceptada. Inténtalo de nuevo.',
    passkeyUnknown: 'Esta llave de acceso no está registrada en la suite.',
    passkeySignInOff: 'Esta aplicación no permite ingresar con llave de acceso.',
    passkeyFormat: 'La respuesta de la llave de acceso no es válida.',
    passkeyCancelled: 'No se usó la llave de acceso. Vuelve a intentarlo cuando quieras.',
  },
  provider: {
    /** Title of the provider's error page: a request it cannot send back to its application. */
    requestRefused: 'La solicitud de ingreso fue rechazada',
    /** The request's interaction is unknown, expired, finished or of another browser (400). */
    requestExpired: 'La solicitud de ingreso de la aplicación no es válida o expiró. Vuelve a la aplicación e inténtalo de nuevo.',
    /** The session that signed in is not of the application that asked (403). */
    otherApplication: 'La sesión iniciada no corresponde a la aplicación que pidió el ingreso.',
    /** An application asks to sign the person out (the provider's end_session page). */
    signOutTitle: '¿Cerrar la sesión?',
    signOutQuestion: 'Saldrás de la suite y de las aplicaciones en las que ingresaste con ella.',
    signOutConfirm: 'Cerrar sesión',
    signOutCancel: 'Seguir conectado',
    /** After signing out, when the application named no page to return to. */
    signedOutTitle: 'Sesión cerrada',
    signedOut: 'Cerraste la sesión. Ya puedes cerrar esta ventana.',
  },
  /** Certificate users: sign-in by document and the reset by e-mailed code (docs/product/sign-in.md, docs/product/passwords.md). */
  certificate: {
    documentNumeric: 'El campo debe ser numérico, mínimo 5 caracteres.',
    documentAlphanumeric: 'El campo debe ser alfanumérico, mínimo 5 caracteres.',
    /** The document type is not one offered for certificate sign-in (400). */
    documentTypeInvalid: 'El tipo de documento no es válido.',
    codeFormat: 'Ingresa un código numérico de 6 caracteres.',
    /** GetExistsUsersAccount: no certificate user holds the document (404). */
    noAccounts: 'No se encontraron usuarios asociados al documento.',
    /** send-otp-user (A10), the same answer whatever the account. */
    codeSent: 'Se envió un código de verificación al correo.',
    /** validate-otp-user: the code does not match (400). */
    codeWrong: 'El código de verificación no es correcto.',
    /** validate-otp-user: no live code (expired, used, superseded or out of tries) (400). */
    codeExpired: 'El código no es válido o ha expirado. Solicita uno nuevo.',
    /** validate-otp-user success (A10). */
    passwordRestored: 'Tu contraseña fue restablecida. Ingresa con la contraseña asignada inicialmente al certificado.',
    /** The user form: another certificate user holds the document type and number (400). */
    documentInUse: 'Ya existe un usuario certificado con ese tipo y número de documento.',
    /** The application signs in with user name, not with a certificate (400). */
    notCertificateApp: 'La aplicación no admite el ingreso con certificado.',
    /** send-otp-user, validate-otp-user: exactly one of `UserName` and `Email` (400). */
    accountNameOrEmail: 'Indica el usuario o el email de la cuenta.',
    /** send-otp-user, validate-otp-user: the document narrows an e-mail, with its type and number (400). */
    documentWithEmail: 'Indica el tipo y el número de documento, junto con el email.',
  },
  /** The sign-in captcha (docs/product/sign-in.md, Captcha) and the OTP-reset requests (docs/product/passwords.md, OTP reset). */
  otpReset: {
    /** Sign-in refused: the captcha is missing, wrong, expired or already used (R400). */
    captchaRequired: 'Por favor valida que no eres un robot',
    /** ValidateOtpMail success (A10). */
    sent: 'Se envio correctamente la solicitud para el restablecimiento del OTP.',
    /** ValidateOtpMail refused (R11): the base text plus the reason. */
    refused: 'No se puede enviar la solicitud de restablecimiento de OTP: :reason',
    linkInvalid: 'el enlace de la solicitud no es válido.',
    linkUsed: 'la solicitud ya fue confirmada con este enlace.',
    linkExpired: 'el enlace de la solicitud venció; pide a la aplicación una nueva solicitud.',
    /** POST /api/otp-reset/requests success (A10). */
    created: 'Se envió al usuario el correo para confirmar el restablecimiento del OTP.',
    /** The caller is not the application's own account (R403). */
    applicationAccountOnly:
      'Solo la cuenta de tipo Aplicación, con un token de la aplicación, puede solicitar el restablecimiento del OTP.',
    /** The user to reset does not exist, is not active or has no e-mail (400). */
    userUnknown: 'El usuario no existe, no está activo o no tiene correo registrado.',
    /** GET of a request that is not the application's (404). */
    requestUnknown: 'La solicitud de restablecimiento de OTP no existe.',
  },
  /** The page while its screen loads (the shell's loading state and the sign-in skeleton the server writes). */
  page: {
    loading: 'Cargando…',
  },
} as const;
