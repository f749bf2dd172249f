import { LoadingState, PATHS } from '@suite/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Delay of the transient loading screen before it goes to the sign-in screen (docs/product/portal.md, Limits). */
export const LOADING_REDIRECT_MS = 2000;

/** Transient loading screen (docs/product/portal.md, Other pieces): goes to /login after 2 s. */
export function LoadingScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(PATHS.loginFromLoading, { replace: true }), LOADING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <LoadingState />;
}
