export * from './payload';
