export { RoleCardRoute } from './RoleCardRoute';
