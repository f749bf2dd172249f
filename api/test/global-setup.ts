import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { bundleOidcProvider } from './oidc-provider-bundle';
import { pgliteTemplatePath } from './pglite-template';
import { createSeededTemplates } from './seeded-template';

/** Bundles oidc-provider for jest, builds the empty-cluster PGlite template once (see pglite-template.ts), then this run's seeded templates. */
export default async function globalSetup(): Promise<void> {
  bundleOidcProvider();
  const file = pgliteTemplatePath();
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) {
    const pg = await PGlite.create();
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  await createSeededTemplates();
}
