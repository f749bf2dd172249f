import { useEffect, useState } from 'react';
import { fetchAppVersion } from '../api-client/appData';
import { getRuntimeConfig } from '../runtime-config';

/**
 * The version label of the application: the bundle's version at first, then the one from
 * GET /api/application/getVersionApp (cached in session storage).
 */
export function useAppVersion(): string {
  const [version, setVersion] = useState(() => getRuntimeConfig().version);
  useEffect(() => {
    let live = true;
    void fetchAppVersion().then((found) => {
      if (live && found) setVersion(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return version;
}
