/**
 * The local OpenID provider in a process of its own for the API tests (oidc-provider is ESM-only
 * and jest's CommonJS sandbox cannot load it): starts on a free port and reports its address.
 */
import { startLocalProvider } from '../src/dev/oidc-provider';

void (async () => {
  const provider = await startLocalProvider({ port: 0 });
  process.send?.({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
  process.on('disconnect', () => void provider.close().then(() => process.exit(0)));
})();
