export { ApplicationCardRoute } from './ApplicationCardRoute';
