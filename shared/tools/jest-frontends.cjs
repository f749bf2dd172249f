'use strict';
/**
 * One jest run over the shared package and every front end (`npm test` uses it): each package keeps
 * its own configuration (a project), and the workers take test files from all of them at once, so no
 * package waits for the one before it to start and the slowest file of each does not hold a core idle.
 */
const { join } = require('node:path');
const { frontEndPackages } = require('./workspace.cjs');

const ROOT = join(__dirname, '../..');

module.exports = {
  rootDir: ROOT,
  projects: ['shared', ...frontEndPackages(ROOT)].map((pkg) => join(ROOT, pkg)),
};
