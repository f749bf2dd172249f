import { useParams } from 'react-router-dom';
import { RoleCard } from './RoleCard';

/** /roles/new and /roles/:roleId, keyed by the id so each card starts fresh. */
export function RoleCardRoute() {
  const { roleId } = useParams();
  return <RoleCard key={roleId ?? 'new'} roleId={roleId} />;
}
