import { getRuntimeConfig, tenantLanguage } from '@suite/shared';

/** Options of the portal's calls made without a session: the page's tenant (when it has one) and language. */
export function publicOptions() {
  const { tenant } = getRuntimeConfig();
  return { auth: false, headers: { ...(tenant ? { tenant } : {}), tenantLanguage: tenantLanguage() } } as const;
}
