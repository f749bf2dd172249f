export * from './ProfileContext';
