import { LoadingState, PATHS } from '@suite/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { exchangeSignInCode, withoutExchangeCode } from './codeExchange';

/**
 * A protected address reached with `?code=`: the one-time code is exchanged for the session,
 * then the same address without the code opens; a refused code leads to sign-in with the reason.
 */
export function CodeExchange({ code }: { code: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void exchangeSignInCode(code).then((outcome) => {
      if (!current) return;
      if (outcome.ok) void navigate({ pathname, search: withoutExchangeCode(search) }, { replace: true });
      else void navigate(PATHS.login, { replace: true, state: { message: outcome.message } });
    });
    return () => {
      current = false;
    };
  }, [code, pathname, search, navigate]);
  return <LoadingState />;
}
