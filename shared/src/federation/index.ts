export * from './remotes';
export * from './policy';
