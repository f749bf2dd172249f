export * from './catalogues';
