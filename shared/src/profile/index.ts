export * from './defaultProfile';
export * from './ProfileContext';
