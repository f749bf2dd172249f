export * from './guardedHistory';
export * from './GuardedRouter';
