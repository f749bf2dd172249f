/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The boundaries of docs/architecture.md §2 are held by the workspace's lint (eslint.config.mjs):
 * each case lints a small source as if it lived at `file` and names the lines the lint must refuse.
 * ESLint runs in a process of its own with the workspace's configuration, as `pnpm lint` runs it:
 * one process lints every case (`lintText` with the case's path, what `--stdin-filename` does).
 */
const ROOT = path.resolve(__dirname, '../../..');

interface Case {
  file: string;
  source: string;
}
type Message = { line: number; ruleId: string | null };

const cases: Case[] = [];
let results: Message[][] = [];

/** Registers a case to lint (before the tests run); the test reads its refused lines by the returned index. */
function lintCase(file: string, source: string): number {
  cases.push({ file, source });
  return cases.length - 1;
}

const refusedLines = (index: number): number[] =>
  [
    ...new Set(
      results[index].filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.line),
    ),
  ].sort((a, b) => a - b);

const LINT_CASES = `
const { ESLint } = require(require.resolve('eslint', { paths: [process.cwd()] }));
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const messages = [];
  for (const { file, source } of cases) messages.push((await eslint.lintText(source, { filePath: file }))[0].messages);
  process.stdout.write(JSON.stringify(messages));
})().catch((error) => {
  process.stderr.write(String(error && error.stack || error));
  process.exit(1);
});
`;

beforeAll(() => {
  const run = spawnSync(process.execPath, ['-e', LINT_CASES], { cwd: ROOT, input: JSON.stringify(cases), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  results = JSON.parse(run.stdout) as Message[][];
}, 60_000);

const lines = (...imports: string[]) => `${imports.join('\n')}\nexport const all = [${imports.map((_, i) => `m${i}`).join(', ')}];\n`;

describe('lint boundaries', () => {
  const remote = lintCase(
    'mfe-users/src/features/x.ts',
    lines(
      "import m0 from '../../mfe-auth/src/App';",
      "import m1 from 'host-shell/src/Shell';",
      "import m2 from '../../../api/src/app';",
      "import m3 from '@suite/shared/src/contracts';",
      "import m4 from '@suite/shared/console';",
      "import m5 from '../../api/userCard';",
    ),
  );
  it('a remote imports neither another remote nor the host nor the API, and @suite/shared only by its entries', () => {
    expect(refusedLines(remote)).toEqual([1, 2, 3, 4]);
  });

  const host = lintCase('host-shell/src/x.ts', lines("import m0 from '../../mfe-users/src/App';", "import m1 from '@suite/shared';"));
  it('the host does not import a remote', () => {
    expect(refusedLines(host)).toEqual([1]);
  });

  const api = lintCase(
    'api/src/modules/x/service.ts',
    lines(
      "import m0 from '@suite/shared';",
      "import m1 from '@suite/shared/contracts';",
      "import m2 from '@suite/shared/console';",
      "import m3 from '@suite/shared/crypto';",
      "import m4 from '@suite/shared/federation';",
      "import m5 from '@suite/shared/phrases';",
      "import m6 from '@suite/shared/testing';",
    ),
  );
  it('the API imports only the contracts, crypto, federation and phrases entries', () => {
    expect(refusedLines(api)).toEqual([1, 3, 7]);
  });

  const contracts = lintCase(
    'shared/src/contracts/x.ts',
    `${lines("import m0 from 'react';", "import m1 from 'node:fs';", "import m2 from '../i18n';", "import m3 from 'valibot';", "import m4 from '../phrases/es';")}export const where = window.location.href;\n`,
  );
  const phrases = lintCase('shared/src/phrases/x.ts', `export const pid = process.pid;\n`);
  it('contracts and phrases stay isomorphic: no UI library, no Node module, no browser or Node global', () => {
    expect(refusedLines(contracts)).toEqual([1, 2, 3, 7]);
    expect(refusedLines(phrases)).toEqual([1]);
  });

  const routing = [
    lintCase('mfe-users/src/features/x.tsx', lines("import m0 from 'react-router';", "import m1 from 'react-router-dom';")),
    lintCase('shared/src/navigation/x.ts', lines("import m0 from 'react-router';", "import m1 from 'react-router-dom';")),
  ];
  it('routing is imported from react-router-dom, the router the page shares, never from react-router', () => {
    expect(routing.map(refusedLines)).toEqual([[1], [1]]);
  });
});
