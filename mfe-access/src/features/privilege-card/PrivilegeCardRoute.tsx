import { useParams } from 'react-router-dom';
import { PrivilegeCard } from './PrivilegeCard';

/** /privileges/new and /privileges/:privilegeId, keyed by the id so each card starts fresh. */
export function PrivilegeCardRoute() {
  const { privilegeId } = useParams();
  return <PrivilegeCard key={privilegeId ?? 'new'} privilegeId={privilegeId} />;
}
