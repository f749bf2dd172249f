export { PrivilegeCardRoute } from './PrivilegeCardRoute';
