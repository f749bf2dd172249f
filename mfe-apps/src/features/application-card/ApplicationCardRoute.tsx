import { useParams } from 'react-router-dom';
import { ApplicationCard } from './ApplicationCard';

/** /apps/new and /apps/:appId, keyed by the id so each card starts fresh. */
export function ApplicationCardRoute() {
  const { appId } = useParams();
  return <ApplicationCard key={appId ?? 'new'} appId={appId} />;
}
