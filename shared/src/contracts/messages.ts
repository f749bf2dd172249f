/** Texts of the spec that the API and the client must agree on. */
export const MESSAGES = {
  noResponse: 'Error al realizar la petición.',
  forbidden:
    'La acción que está intentando realizar no es posible ejecutarla debido a que su usuario no tiene los privilegios suficientes.',
  required: 'Campo obligatorio',
} as const;

/** Response headers on every document: the page learns its application and tenant from them. */
export const APP_NAME_HEADER = 'x-app-name';
export const TENANT_HEADER = 'x-tenant';

/** Fallback application (portal spec §1). */
export const FALLBACK_APP = 'ibuhoo';
