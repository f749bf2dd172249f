import { LoadingState } from '@suite/shared';
import { Component, Suspense, lazy, useCallback, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable';
import { SectionRetryContext, useRemoteLoader } from './loader';

interface BoundaryProps {
  name: string;
  children: ReactNode;
}

/** Catches a remote that fails while loading or rendering; the rest of the shell keeps working. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`remote ${this.props.name} failed`, error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RemoteUnavailable /> : this.props.children;
  }
}

/**
 * Mounts one remote's App: loaded lazily with a loading state, inside an error boundary;
 * when it cannot be loaded, the "section unavailable" card whose retry loads it again.
 */
export function RemoteSection({ name }: { name: string }) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy remembers its first outcome.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the point: a retry makes a new component
  const RemoteApp = useMemo(() => lazy(() => loader.load(name)), [loader, name, attempt]);
  const retry = useCallback(() => {
    loader.reset(name);
    setAttempt((n) => n + 1);
  }, [loader, name]);

  return (
    <SectionRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={`${name}:${attempt}`} name={name}>
        <Suspense fallback={<LoadingState />}>
          <RemoteApp />
        </Suspense>
      </RemoteErrorBoundary>
    </SectionRetryContext.Provider>
  );
}
