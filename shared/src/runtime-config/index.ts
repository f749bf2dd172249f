export * from './runtimeConfig';
