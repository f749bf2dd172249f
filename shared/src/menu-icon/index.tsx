export * from './MenuIcon';
export { default } from './MenuIcon';
