export * from './client';
export * from './call';
export * from './events';
export * from './navigation';
export * from './appData';
export * from './validation';
export * from './passkeys';
