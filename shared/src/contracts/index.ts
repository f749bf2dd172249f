export * from './envelope';
export * from './endpoint';
export * from './privileges';
export * from './login';
export * from './factors';
export * from './tokens';
export * from './applications';
export * from './users';
export * from './users-form';
export * from './users-catalogs';
export * from './access';
export * from './access-api';
export * from './users-api';
export * from './user-sessions';
export * from './audit';
export * from './user-agent';
export * from './applications-api';
export * from './applications-admin-api';
export * from './menus-api';
export * from './notifications-api';
export * from './sessions-api';
export * from './passwords-api';
export * from './applications-admin';
export * from './notifications';
export * from './validation';
export * from './messages';
export * from './config';
export * from './passwords';
export * from './certificate';
export * from './otp-reset';
export * from './oidc';
export * from './provider-api';
export * from './provider-clients';
export * from './request';
/**
 * The payload cipher the contracts refer to (login `password`, activation/reset links), reachable
 * through the `@suite/shared/contracts` entry point (used by the API, which must not load the
 * browser modules of the package root).
 */
export * from './profiles';
export * from './applications-appearance';
export * from './application-address';
export * from './application-warnings';
export * from './menus';
