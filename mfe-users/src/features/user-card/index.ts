export { UserCardRoute } from './UserCardRoute';
