import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * oidc-provider and several of its dependencies are ESM only, which jest's CommonJS sandbox cannot
 * load; the API tests load it bundled as CommonJS by esbuild from the installed package (the same
 * code, one file), mapped in jest.config.cjs. Built once per installed version.
 */
export const OIDC_PROVIDER_BUNDLE = path.join(__dirname, '..', 'node_modules', '.cache', 'oidc-provider.cjs');

export function bundleOidcProvider(): void {
  const entry = require.resolve('oidc-provider');
  const version = (JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  const stamp = `${OIDC_PROVIDER_BUNDLE}.version`;
  if (fs.existsSync(OIDC_PROVIDER_BUNDLE) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === version) return;
  fs.mkdirSync(path.dirname(OIDC_PROVIDER_BUNDLE), { recursive: true });
  const tmp = `${OIDC_PROVIDER_BUNDLE}.${process.pid}.tmp`;
  buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: tmp, logLevel: 'warning' });
  fs.renameSync(tmp, OIDC_PROVIDER_BUNDLE);
  fs.writeFileSync(stamp, version);
}
