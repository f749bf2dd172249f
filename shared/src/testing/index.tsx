export * from './kit';
