/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The boundaries of docs/architecture.md §2 are held by the workspace's lint (eslint.config.mjs):
 * each case lints a small source as if it lived at `file` and names the lines the lint must refuse.
 * ESLint runs in its own process, as `pnpm lint` runs it.
 */
const ROOT = path.resolve(__dirname, '../../..');
const ESLINT = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');

function refusedLines(file: string, source: string): number[] {
  const run = spawnSync(process.execPath, [ESLINT, '--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: ROOT,
    input: source,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ line: number; ruleId: string | null }> }>;
  return [
    ...new Set(
      result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.line),
    ),
  ].sort((a, b) => a - b);
}

const lines = (...imports: string[]) => `${imports.join('\n')}\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`;

describe('lint boundaries', () => {
  it('a remote imports neither another remote nor the host nor the API, and @suite/shared only by its entries', () => {
    const source = lines(
      "import m0 from '../../mfe-auth/src/App';",
      "import m1 from 'host-shell/src/Shell';",
      "import m2 from '../../../api/src/app';",
      "import m3 from '@suite/shared/src/contracts';",
      "import m4 from '@suite/shared/console';",
      "import m5 from '../../api/userCard';",
    );
    expect(refusedLines('mfe-users/src/features/x.ts', source)).toEqual([1, 2, 3, 4]);
  });

  it('the host does not import a remote', () => {
    expect(
      refusedLines('host-shell/src/x.ts', lines("import m0 from '../../mfe-users/src/App';", "import m1 from '@suite/shared';")),
    ).toEqual([1]);
  });

  it('the API imports only the contracts, crypto, federation and phrases entries', () => {
    const source = lines(
      "import m0 from '@suite/shared';",
      "import m1 from '@suite/shared/contracts';",
      "import m2 from '@suite/shared/console';",
      "import m3 from '@suite/shared/crypto';",
      "import m4 from '@suite/shared/federation';",
      "import m5 from '@suite/shared/phrases';",
      "import m6 from '@suite/shared/testing';",
    );
    expect(refusedLines('api/src/modules/x/service.ts', source)).toEqual([1, 3, 7]);
  });

  it('contracts and phrases stay isomorphic: no UI library, no Node module, no browser or Node global', () => {
    const source = `${lines("import m0 from 'react';", "import m1 from 'node:fs';", "import m2 from '../i18n';", "import m3 from 'valibot';", "import m4 from '../phrases/es';")}export const where = window.location.href;\n`;
    expect(refusedLines('shared/src/contracts/x.ts', source)).toEqual([1, 2, 3, 7]);
    expect(refusedLines('shared/src/phrases/x.ts', `export const pid = process.pid;\n`)).toEqual([1]);
  });
});
