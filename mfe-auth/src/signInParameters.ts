import { fetchSignInParameters, type SignInParameters } from '@suite/shared';
import { useEffect, useState } from 'react';

/** The application's sign-in parameters (support contact, buy link, captcha), fetched once. */
export function useSignInParameters(): SignInParameters {
  const [parameters, setParameters] = useState<SignInParameters>({});
  useEffect(() => {
    let live = true;
    void fetchSignInParameters().then((found) => live && setParameters(found));
    return () => {
      live = false;
    };
  }, []);
  return parameters;
}
