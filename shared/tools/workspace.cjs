// @ts-check
/**
 * The workspace's packages, read from pnpm-workspace.yaml (its `packages:` list; a trailing `*`
 * matches folders by prefix), so a new package — a console section's remote `mfe-<name>` — is
 * built, linted and tested without being named anywhere else. Dependency-free: suite.mjs reads it
 * before anything is installed.
 */
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '../..');

/** Every package folder, in the order pnpm-workspace.yaml lists them (globs sorted by name). */
function workspacePackages(root = ROOT) {
  const lines = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split(/\r?\n/);
  const start = lines.findIndex((line) => /^packages:\s*$/.test(line));
  const packages = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^\s+-\s+["']?([^"'#\s]+)["']?/.exec(line);
    if (!item) {
      if (/^\S/.test(line)) break;
      continue;
    }
    const pattern = item[1];
    if (!pattern.endsWith('*')) {
      packages.push(pattern);
      continue;
    }
    const prefix = pattern.slice(0, -1);
    for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory() && entry.name.startsWith(prefix) && existsSync(join(root, entry.name, 'package.json')))
        packages.push(entry.name);
    }
  }
  return packages;
}

/** The remotes: every package named `mfe-*`. */
function remotePackages(root = ROOT) {
  return workspacePackages(root).filter((name) => name.startsWith('mfe-'));
}

/** What runs in the page: the host shell and every remote. */
function frontEndPackages(root = ROOT) {
  return ['host-shell', ...remotePackages(root)];
}

module.exports = { workspacePackages, remotePackages, frontEndPackages };
