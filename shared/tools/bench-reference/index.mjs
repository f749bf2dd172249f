/**
 * The reference page of pnpm bench:lighthouse: built with webpack.config.cjs and served the way
 * the API serves the suite's files (precompressed copies by Accept-Encoding, no-cache for the
 * page, hashed files cached for good), so both pages reach Chromium through comparable HTTP.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = join(HERE, 'dist');
const require = createRequire(import.meta.url);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** Builds the page into dist/ with the workspace's webpack; rejects on a compilation error. */
export function buildReference() {
  const webpack = require('webpack');
  const config = require('./webpack.config.cjs');
  return new Promise((done, fail) => {
    const compiler = webpack(config, (error, stats) => {
      const settle = () => {
        if (error) fail(error);
        else if (stats.hasErrors()) fail(new Error(`the reference page did not build:\n${stats.toString('errors-only')}`));
        else done();
      };
      // an invalid configuration reports here with no compiler to close
      if (compiler) compiler.close(settle);
      else settle();
    });
  });
}

/** Serves dist/ on a free port of 127.0.0.1; resolves with the listening server and its origin. */
export function serveReference() {
  const server = http.createServer((request, response) => {
    let pathname = '';
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      /* a malformed address is not found */
    }
    const relative = pathname === '/' ? 'index.html' : normalize(pathname).slice(1);
    const file = join(DIST, relative);
    if (!pathname || !file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ].find(([name, suffix]) => new RegExp(`\\b${name}\\b`).test(accepted) && existsSync(file + suffix));
    const body = encoding ? file + encoding[1] : file;
    response.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': statSync(body).size,
      'Cache-Control': HASHED.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding[0] } : {}),
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(body).pipe(response);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}
