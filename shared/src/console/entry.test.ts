import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceFiles } from '../testing';

it('the console entry reaches the rest of @suite/shared by its name only, but for the contracts it carries', () => {
  // a relative import would bundle a second dialog queue, i18n instance or API client into this
  // separately shared entry; by name it uses the page's one @suite/shared. The console sections'
  // contracts are the exception: stateless (lint keeps them free of UI, session and i18n modules),
  // they travel with the console kit so that /login does not carry them (docs/adr/0019).
  const contracts = join(__dirname, '..', 'contracts');
  const escaping = sourceFiles(__dirname).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from\s+'(\.\.\/[^']*)'/g)]
      .map((match) => join(file, '..', match[1]))
      .filter((target) => !target.startsWith(__dirname) && !(file.endsWith('index.ts') && target.startsWith(contracts)))
      .map((target) => `${file.slice(__dirname.length + 1)} → ${target}`),
  );
  expect(escaping).toEqual([]);
});
