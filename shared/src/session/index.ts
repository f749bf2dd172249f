export * from './token';
export * from './store';
export * from './device';
export * from './react';
