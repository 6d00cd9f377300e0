import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdRootGroup, appGroups, chunkGraph, isChunkGraphPass } from './build/chunk-groups.ts';

/**
 * Writes a .br and a .gz next to every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static preCompressed): brotli at its highest quality, as it is done once per build.
 * The files are compressed side by side on libuv's thread pool (one brotli stream is one core's work; in
 * turn they took 35 of the build's 46 s on the 2-core CI machine).
 */
function precompress(): Plugin {
  const gzip = promisify(zlib.gzip);
  const brotli = promisify(zlib.brotliCompress);
  return {
    name: 'backroom-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle)
        .filter((fileName) => /\.(js|css|html|svg|json)$/.test(fileName))
        .map((fileName) => path.join(dir, fileName));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.promises.readFile(file);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(content, { level: 9 }),
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          await Promise.all([fs.promises.writeFile(`${file}.gz`, gz), fs.promises.writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}

/**
 * antd's Table imports its column filter dropdown, and with it the Tree component (rc-tree) and the
 * filter menu, whether a column filters or not: some 45 KB of code on every table screen. The app's
 * lists filter in their toolbars and no column has `filters` or `filterDropdown`, so the dropdown is
 * replaced by build/table-filter-dropdown.ts, which fails loudly if a column ever asks for one.
 */
function tableWithoutColumnFilters(): Plugin {
  const stub = path.resolve(import.meta.dirname, 'build/table-filter-dropdown.ts');
  return {
    name: 'backroom-table-without-column-filters',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './FilterDropdown' && importer && /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/.test(importer)) return stub;
      return null;
    },
  };
}

const api = process.env.BACKROOM_API_URL ?? 'http://localhost:3000';

// The dev server proxies every server path so the web app always talks to its own origin
// (better-auth cookies and the store resolution by Host both rely on it).
export default defineConfig(async ({ command, mode }) => ({
  plugins: [react(), precompress(), tableWithoutColumnFilters()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/open': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  // Workers as ES modules (the label PDF worker, features/labels): the optional parts jsPDF loads with
  // import() (html2canvas, DOMPurify, canvg: HTML rendering the labels never use) stay separate files
  // instead of being inlined into the worker.
  worker: { format: 'es' as const },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Rolldown's own splitting puts each module in a chunk shared by exactly the screens that use it,
    // so /login loads only what it renders (a group gathering all of antd into one file made every
    // screen, the sign-in page included, load all 1.35 MB of it: bench/first-load.ts). The groups
    // gather what always loads together (build/chunk-groups.ts): React, antd's root, the entry's
    // imports and the signed-in shells; the last two are read from a first build in memory, so a
    // production build runs Rolldown twice (about 4 s more).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, which the entry and antd share, stays out of antd's root chunk (a group takes in its
            // modules' dependencies): first in line, in a chunk of its own that the entry loads.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: antdRootGroup(), debugName: 'antd-root', priority: 1 },
            ...(command === 'build' && !isChunkGraphPass()
              ? [{ name: appGroups(await chunkGraph(import.meta.filename, mode)), debugName: 'app', priority: 0, includeDependenciesRecursively: false }]
              : []),
          ],
        },
      },
    },
  },
}));
