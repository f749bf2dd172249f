'use strict';
/**
 * The one webpack configuration of the front end. Every package's webpack.config.js is
 *   module.exports = require('@suite/shared/webpack').host({ dir: __dirname });
 *   module.exports = require('@suite/shared/webpack').remote({ dir: __dirname, name: 'mfe_users' });
 * so the shared-dependency policy, loaders and output layout cannot drift between bundles.
 *
 * - TypeScript/TSX through swc-loader (React automatic runtime); @suite/shared is compiled from
 *   source (`resolve.conditionNames: ['source', '...']`).
 * - ModuleFederationPlugin (enhanced) with `manifest: true`, `shareStrategy: 'loaded-first'` and
 *   `shared` from sharedPolicy() with each dependency's installed version.
 * - Remotes expose './App', build to <pkg>/dist with mf-manifest.json and remoteEntry.js and use
 *   `publicPath: 'auto'` (servable from any URL). A production build holds only the container, on
 *   the host's federation runtime-core; the dev server (and a development build) also serves the
 *   standalone page (src/index.ts) with its own runtime.
 * - The host has `remotes: {}`: remotes are registered at runtime from /remotes.json.
 * - A production build writes every text asset also precompressed, `<file>.br` and `<file>.gz`,
 *   which the API serves by Accept-Encoding (api/src/modules/static/files.ts).
 */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const SHARED_DIR = path.resolve(__dirname, '..');
/** Where the dev servers send API calls and the files the API serves. */
const API_ORIGIN = process.env.SUITE_API_ORIGIN || 'http://localhost:8080';
// the brand images (logos, backgrounds, favicons) are the API's files too
const API_PATHS = ['/api', '/config.json', '/.well-known', '/brand'];

/** The federation registry and policy, from @suite/shared's build (dist, CommonJS). */
const federation = () => require('@suite/shared/federation');

/** Loads a module as the package in `dir` sees it (its own webpack and federation plugin). */
function fromPackage(dir, request) {
  return require(require.resolve(request, { paths: [dir] }));
}

/** Installed version of a dependency, as the package in `dir` resolves it. */
function installedVersion(dir, dep) {
  if (dep === '@suite/shared') return require(path.join(SHARED_DIR, 'package.json')).version;
  try {
    return require(require.resolve(`${dep}/package.json`, { paths: [dir, SHARED_DIR] })).version;
  } catch {
    // Packages whose "exports" hide package.json: walk up from the entry point.
    let current = path.dirname(require.resolve(dep, { paths: [dir, SHARED_DIR] }));
    for (;;) {
      const candidate = path.join(current, 'package.json');
      try {
        const pkg = require(candidate);
        if (pkg.name === dep) return pkg.version;
      } catch {
        /* keep walking */
      }
      const parent = path.dirname(current);
      if (parent === current) throw new Error(`cannot find the installed version of ${dep}`);
      current = parent;
    }
  }
}

/**
 * Aliases the curated entries import from (shared/src/federation/*.js, shared/src/ui/chakra.js):
 * a curated entry importing the package's own name would consume itself. react-router publishes
 * a production build that its "exports" only hand to its own tooling; production bundles use it.
 */
function curatedAliases(dir, production) {
  const packageDir = (dep) => path.dirname(require.resolve(`${dep}/package.json`, { paths: [dir, SHARED_DIR] }));
  return {
    'react-router/production$': path.join(packageDir('react-router'), 'dist', production ? 'production' : 'development', 'index.mjs'),
    // The modules behind `@chakra-ui/react/theme` (shared/src/ui/chakra.js): that index builds the
    // full default theme at load time, keeping every recipe however little of it is imported.
    '#chakra-theme': path.join(packageDir('@chakra-ui/react'), 'dist', 'esm', 'theme'),
    '#react-i18next': path.join(packageDir('react-i18next'), 'dist', 'es'),
  };
}

function sharedDependencies(dir, isHost) {
  return federation().sharedPolicy(
    (dep) => installedVersion(dir, dep),
    (curatedPath) => path.join(SHARED_DIR, curatedPath),
    { host: isHost },
  );
}

/** webpack's default export conditions per dependency type, without "source". */
function thirdPartyConditions(production) {
  const base = ['webpack', production ? 'production' : 'development', 'browser'];
  const esm = { conditionNames: ['import', 'module-sync', 'module', ...base] };
  const cjs = { conditionNames: ['require', 'module-sync', 'module', ...base] };
  return { esm, wasm: esm, commonjs: cjs, amd: cjs, unknown: cjs, undefined: cjs };
}

function swcOptions(production) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      transform: { react: { runtime: 'automatic', development: !production } },
    },
  };
}

/** webpack's own minimizer plugin (renamed from terser-webpack-plugin), driven by swc for speed. */
function minimizers(dir) {
  const webpackDir = path.dirname(require.resolve('webpack/package.json', { paths: [dir] }));
  for (const name of ['minimizer-webpack-plugin', 'terser-webpack-plugin']) {
    let Minimizer;
    try {
      Minimizer = require(require.resolve(name, { paths: [webpackDir] }));
    } catch {
      continue;
    }
    return [
      new Minimizer({
        minify: Minimizer.swcMinify,
        terserOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
        extractComments: false,
      }),
    ];
  }
  return ['...'];
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+), first line of every
 * script: the bundles are module factories and the components of the screen being opened, so
 * most of a script's functions run as soon as it arrives. Compiled eagerly, they compile on a
 * background thread while the script streams in, not on the main thread at their first call,
 * which is what blocked the sign-in screen longest after its first paint (ADR 0019). Other
 * engines read it as a comment. Added after minification (which drops comments), before the
 * content hash and the precompressed copies are made.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: 'CompileHintPlugin', stage }, (assets) => {
        for (const file of Object.keys(assets)) {
          if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}

/**
 * The static style sheet (shared/src/theme/global.css: Chakra's reset, global styles and the
 * tokens no profile sets; docs/adr/0021), emitted as `global.<hash>.css` and preloaded first in
 * the page's <head>: it arrives while the scripts do, holding back neither the first paint nor
 * them, and the page applies it before its first render (applyGlobalStyleSheet). Cached for good.
 */
class GlobalCssPlugin {
  constructor(HtmlWebpackPlugin, production) {
    this.HtmlWebpackPlugin = HtmlWebpackPlugin;
    this.production = production;
  }

  apply(compiler) {
    const { Compilation, sources, util } = compiler.webpack;
    const { HtmlWebpackPlugin, production } = this;
    const file = path.join(SHARED_DIR, 'src', 'theme', 'global.css');
    compiler.hooks.thisCompilation.tap('GlobalCssPlugin', (compilation) => {
      let name = 'global.css';
      compilation.hooks.processAssets.tap({ name: 'GlobalCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const css = fs.readFileSync(file);
        if (production) name = `global.${util.createHash('xxhash64').update(css).digest('hex').slice(0, 8)}.css`;
        compilation.fileDependencies.add(file);
        compilation.emitAsset(name, new sources.RawSource(css));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('GlobalCssPlugin', (data) => {
        const href = `${data.publicPath}${name}`;
        const attributes = { rel: 'preload', as: 'style', href, 'data-global-styles': true };
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('link', attributes));
        return data;
      });
    });
  }
}

/** Text assets that get precompressed variants. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|txt|map)$/i;

/**
 * `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text asset, at
 * build time: the API sends them as they are, with no compression work per request. Every text
 * asset gets both, however small (minRatio Infinity), so what the server sends never depends on
 * how well a file compressed.
 */
function precompression() {
  const zlib = require('node:zlib');
  const CompressionPlugin = require('compression-webpack-plugin');
  const common = { test: COMPRESSIBLE, threshold: 0, minRatio: Infinity, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

function page(title) {
  return `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <noscript>Esta aplicación necesita JavaScript.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

/** Resolves true when something listens on localhost:port. */
function listening(port, timeout = 300) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (up) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeout, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * /remotes.json of the host's dev server: a remote whose dev server is running is loaded from
 * it; every other remote from the API (proxied /mfe/<slug>/).
 */
function devRegistry(app) {
  app.get('/remotes.json', async (_req, res) => {
    const { REMOTES, manifestPath } = federation();
    const entries = await Promise.all(
      REMOTES.map(async (remote) => [
        remote.name,
        (await listening(remote.devPort)) ? `http://localhost:${remote.devPort}/mf-manifest.json` : manifestPath(remote),
      ]),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json(Object.fromEntries(entries));
  });
}

/**
 * Compile-time switches of the federation runtime (runtime-core reads them as constants, so
 * what is off is dropped from the bundle). Everything runs in browsers. Only the host loads
 * remotes, from their manifests (the snapshot plugin); a remote's own runtime only shares
 * modules, so its remote loading and manifest handling are left out of its remoteEntry.js.
 */
function federationRuntimeOptimization(isHost) {
  return isHost ? { target: 'web' } : { target: 'web', disableRemote: true, disableSnapshot: true };
}

/**
 * The host provides its federation runtime-core to the remotes it loads; a remote built for
 * production uses it instead of bundling its own (remoteEntry.js about halves). Such a build
 * holds only the container: its standalone page would have no runtime, so the standalone mode is
 * the dev server's (development builds keep their own runtime). The whole suite shares one
 * @module-federation/enhanced version (pnpm catalog); upgrading it means rebuilding the host too.
 */
function federationExperiments(isHost, containerOnly) {
  const optimization = federationRuntimeOptimization(isHost);
  return containerOnly ? { externalRuntime: true, optimization } : { optimization };
}

/**
 * The runtime plugin behind `provideExternalRuntime`, as an ES module: the option adds its
 * CommonJS build, which brings a second, CommonJS copy of runtime-core into the host's entry.
 */
function provideRuntimePlugin(dir) {
  const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack', { paths: [dir] }));
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhancedDir] });
  return cjs.replace(/index\.cjs$/, 'index.js');
}

/**
 * Writes dist/shared-chunks.json: every file loaded to supply a shared module, split chunks
 * included (mf-manifest.json lists only part of them). pnpm bench:bundle charges these files to
 * the shared dependencies rather than to the bundle that serves them.
 */
class SharedChunksReportPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedChunksReportPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedChunksReportPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = new Set();
        for (const module of compilation.modules) {
          if (module.type !== 'provide-module' && module.type !== 'consume-shared-module') continue;
          for (const block of module.blocks) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            for (const chunk of group ? group.chunks : []) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
          }
        }
        const report = { files: [...files].sort() };
        compilation.emitAsset('shared-chunks.json', new sources.RawSource(`${JSON.stringify(report, null, 2)}\n`));
      });
    });
  }
}

function createConfig({ dir, name, kind }, argv = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const production = mode === 'production';
  const serving = Boolean(process.env.WEBPACK_SERVE);
  const isHost = kind === 'host';
  // A remote's production build: the container only, on the host's federation runtime.
  const containerOnly = !isHost && production && !serving;
  const webpack = fromPackage(dir, 'webpack');
  // The federation plugin loads webpack internals; point it at the webpack this package builds with.
  process.env.FEDERATION_WEBPACK_PATH = process.env.FEDERATION_WEBPACK_PATH || require.resolve('webpack', { paths: [dir] });
  const { ModuleFederationPlugin } = fromPackage(dir, '@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = require('html-webpack-plugin');
  const pkg = require(path.join(dir, 'package.json'));
  const remote = isHost ? null : federation().REMOTES.find((r) => r.name === name);
  if (!isHost && !remote) throw new Error(`unknown remote ${name}: add it to shared/src/federation/remotes.ts`);
  const hashed = production ? '[name].[contenthash:8].js' : '[name].js';
  // The federation runtime asks for an entry chunk's file name before its content hash exists
  // (only to learn the output depth); answer without the hash then.
  const entryFilename = production
    ? (pathData) => (pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript ? hashed : '[name].js')
    : hashed;

  return {
    mode,
    context: dir,
    entry: containerOnly ? {} : { main: './src/index.ts' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      filename: entryFilename,
      chunkFilename: hashed,
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // @suite/shared is compiled from its TypeScript sources ("source" condition of its exports).
      conditionNames: ['source', '...'],
      alias: curatedAliases(dir, production),
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: { loader: require.resolve('swc-loader'), options: swcOptions(production) },
        },
        {
          // Third-party packages resolve their own imports without "source": some publish raw
          // TypeScript there that is not meant to be bundled.
          include: /node_modules/,
          resolve: { byDependency: thirdPartyConditions(production) },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { './App': './src/App.tsx' } }),
        shared: sharedDependencies(dir, isHost),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        experiments: federationExperiments(isHost, containerOnly),
        ...(isHost ? { runtimePlugins: [provideRuntimePlugin(dir)] } : {}),
      }),
      ...(containerOnly
        ? []
        : [
            new HtmlWebpackPlugin({
              templateContent: page(isHost ? 'GSE Suite' : `${pkg.name} (standalone)`),
              chunks: ['main'],
              scriptLoading: 'defer',
              // A standalone page is served from / by its dev server; built, it stays relative.
              ...(isHost || serving ? { publicPath: '/' } : {}),
            }),
            new GlobalCssPlugin(HtmlWebpackPlugin, production),
          ]),
      new webpack.DefinePlugin({ 'process.env.PACKAGE_VERSION': JSON.stringify(pkg.version) }),
      ...(production ? [new SharedChunksReportPlugin(), new CompileHintPlugin()] : []),
      ...(production && !serving ? precompression() : []),
    ],
    optimization: production ? { minimize: true, minimizer: minimizers(dir) } : { minimize: false },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
    devServer: {
      port: isHost ? federation().HOST.devPort : remote.devPort,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: isHost ? [...API_PATHS, '/mfe'] : API_PATHS, target: API_ORIGIN }],
      ...(isHost
        ? {
            setupMiddlewares: (middlewares, server) => {
              devRegistry(server.app);
              return middlewares;
            },
          }
        : {}),
    },
  };
}

/** The host shell: no remotes at build time, served from '/'. */
function host({ dir }) {
  return (_env, argv) => createConfig({ dir, name: federation().HOST.name, kind: 'host' }, argv);
}

/** A remote: exposes ./App, built to <dir>/dist with mf-manifest.json and remoteEntry.js. */
function remote({ dir, name }) {
  return (_env, argv) => createConfig({ dir, name, kind: 'remote' }, argv);
}

// the parts a plain bundle built the suite's way needs too (the reference page of bench:lighthouse)
module.exports = { host, remote, swcOptions, minimizers, precompression, page };
