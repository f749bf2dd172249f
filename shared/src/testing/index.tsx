/** The test kit of the front ends (jest only): a barrel of re-exports, never an implementation. */
export * from './kit';
export {
  APP_DATA_DEFAULTS,
  jwt,
  mockApi,
  reply,
  type ApiAnswer,
  type ApiCall,
  type ApiHandler,
  type ApiRoutes,
  type MockApiOptions,
} from './api';
export { describeTexts, textKeys, textLeaves } from './i18n';
export { frontEndPackages, remotePackages, sourceFiles, workspacePackages } from './files';
export { Where } from './Where';
export { PASSKEY_CREATION_OPTIONS, PASSKEY_REQUEST_OPTIONS, installPasskeys } from './passkeys';
export { WRITTEN, callsTo, cleanUpDialogs, consoleRemoteKit, serve } from './consoleRemote';
