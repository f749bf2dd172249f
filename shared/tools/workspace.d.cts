/** The workspace's packages, read from pnpm-workspace.yaml (see workspace.cjs). */
export function workspacePackages(root?: string): string[];
export function remotePackages(root?: string): string[];
export function frontEndPackages(root?: string): string[];
