// The portal's contracts; the console sections' own come with the console kit (@suite/shared/console),
// so /login does not carry them (docs/adr/0019). The API reads them all from @suite/shared/contracts.
export * from './contracts/envelope';
export * from './contracts/endpoint';
export * from './contracts/privileges';
export * from './contracts/applications-api';
export * from './contracts/sessions-api';
export * from './contracts/passwords-api';
export * from './contracts/login';
export * from './contracts/tokens';
export * from './contracts/applications';
// the console's user catalogues come with the console kit; the portal names only this type
export type { DocumentTypeRecord } from './contracts/users-catalogs';
export * from './contracts/messages';
export * from './contracts/config';
export * from './contracts/passwords';
export * from './contracts/certificate';
export * from './contracts/otp-reset';
export * from './contracts/oidc';
export * from './contracts/provider-api';
export * from './contracts/factors';
export * from './contracts/profiles';
export * from './contracts/application-address';
export { asLanguage, es, formatPhrase, localize, phrase, phraseKeys, resolveLanguage, type PhraseKey } from './phrases/core';
export { loadCatalogue } from './phrases/load';
export { encryptPayloadAsync, loadPayloadCipher, loadedPayloadCipher, type PayloadCipher } from './crypto/lazy';
export * from './federation';
export * from './runtime-config';
export * from './session';
export * from './api-client';
export * from './i18n';
export * from './theme';
export * from './profile';
export * from './ui';
export * from './navigation';
