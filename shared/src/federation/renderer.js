/**
 * What `react` and `react-dom` are in a built page (RENDERER_ALIASES in policy.ts; shared/tools/webpack.cjs):
 * the page's one `preact/compat`, taken from the share scope. Plain JavaScript on purpose, like
 * router.js: a bundling entry, not part of @suite/shared's compiled API.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';
