import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every TypeScript source under `dir` (.ts, .tsx), tests included only with `tests`. */
export function sourceFiles(dir: string, { tests = false }: { tests?: boolean } = {}): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path, { tests });
    return /\.tsx?$/.test(entry) && (tests || !/\.test\.tsx?$/.test(entry)) ? [path] : [];
  });
}

/** The workspace's packages as pnpm-workspace.yaml lists them (a new remote is found without being named). */
export { frontEndPackages, remotePackages, workspacePackages } from '../../tools/workspace.cjs';
