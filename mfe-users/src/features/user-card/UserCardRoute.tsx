import { useParams } from 'react-router-dom';
import './i18n';
import { UserCard } from './UserCard';

/**
 * /users/new and /users/:userId. Keyed by the id so each user (and the new-user card) starts
 * from a fresh state, e.g. when a reactivated user replaces the new-user card.
 */
export function UserCardRoute() {
  const { userId } = useParams();
  return <UserCard key={userId ?? 'new'} userId={userId} />;
}
