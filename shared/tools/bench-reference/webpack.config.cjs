'use strict';
/**
 * The reference page of pnpm bench:lighthouse (src/index.tsx) as one production bundle: swc with
 * React's automatic runtime, minified by swc and written also as `.br` and `.gz`, as the suite's
 * own bundles are (shared/tools/webpack.cjs), so the two pages differ in their code only.
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { minimizers, page, precompression, swcOptions } = require('../webpack.cjs');

module.exports = {
  mode: 'production',
  context: __dirname,
  entry: { main: './src/index.tsx' },
  devtool: false,
  output: {
    path: path.join(__dirname, 'dist'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    assetModuleFilename: '[name].[contenthash:8][ext]',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: {
          loader: require.resolve('swc-loader'),
          options: swcOptions(true),
        },
      },
      // the logo is a file of its own, fetched after the script runs, as /login's is
      { test: /\.svg$/, type: 'asset/resource' },
    ],
  },
  plugins: [new HtmlWebpackPlugin({ templateContent: page('GSE Suite'), scriptLoading: 'defer' }), ...precompression()],
  optimization: { minimize: true, minimizer: minimizers(__dirname) },
  performance: { hints: false },
  stats: 'errors-warnings',
};
