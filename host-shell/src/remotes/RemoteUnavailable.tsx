import { SectionUnavailable } from '@suite/shared';
import { useContext } from 'react';
import { SectionRetryContext } from './loader';

/** Stand-in for a remote that failed to load: the "section unavailable" card with retry. */
export function RemoteUnavailable() {
  const retry = useContext(SectionRetryContext);
  return <SectionUnavailable onRetry={retry} />;
}
