import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceFiles } from '../testing';

it('the console entry reaches the rest of @suite/shared by its name only', () => {
  // a relative import would bundle a second dialog queue, i18n instance or API client into this
  // separately shared entry; by name it uses the page's one @suite/shared
  const escaping = sourceFiles(__dirname).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from\s+'(\.\.\/[^']*)'/g)]
      .map((match) => join(file, '..', match[1]))
      .filter((target) => !target.startsWith(__dirname))
      .map((target) => `${file.slice(__dirname.length + 1)} → ${target}`),
  );
  expect(escaping).toEqual([]);
});
