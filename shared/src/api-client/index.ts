export * from './client';
export * from './call';
export * from './navigation';
export * from './appData';
export * from './validation';
export * from './emailSent';
