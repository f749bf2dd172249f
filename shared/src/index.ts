export * from './contracts';
export * from './crypto';
export * from './federation';
