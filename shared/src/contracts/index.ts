export * from './envelope';
export * from './login';
export * from './users';
export * from './messages';
