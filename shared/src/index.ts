export * from './contracts';
export * from './federation';
