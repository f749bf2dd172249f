import { LoadingState, PATHS } from '@suite/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Delay of the transient loading screen before it goes to the sign-in screen (portal spec §9). */
export const LOADING_REDIRECT_MS = 2000;

/** Transient loading screen (portal spec §2 screen 14): goes to /login after 2 s. */
export function LoadingScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(PATHS.loginFromLoading, { replace: true }), LOADING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <LoadingState />;
}
