import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz next to every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static preCompressed): brotli at its highest quality, as it is done once per build.
 */
function precompress(): Plugin {
  return {
    name: 'backroom-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

/** Every module `from` imports, directly or not, through static imports only. */
function staticClosure(from: string[], info: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/** antd and the packages it is made of. */
const ANTD_PACKAGE = /[\\/]node_modules[\\/](antd|@ant-design[\\/][^\\/]+|@rc-component[\\/][^\\/]+|rc-[^\\/]+)[\\/]/;
/** The parts of antd's barrel that AntdRoot.tsx uses; the barrel itself reaches every component. */
const ANTD_ROOT_PARTS = /[\\/]antd[\\/]es[\\/](app|config-provider)[\\/]index\.js$/;

/**
 * One chunk for antd's root (src/app/AntdRoot.tsx: ConfigProvider, App and the antd modules they
 * import), which every screen but the sign-in page loads. Left to the automatic splitting, those modules
 * were cut into several files by which screens share each one, which compress less well apart. Only
 * antd's own packages are taken, and none that the entry or the sign-in page import, so /login still
 * loads no antd module.
 */
function antdRootGroup(): (id: string, ctx: { getModuleInfo: ModuleInfoOf }) => string | null {
  const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
  let members: Set<string> | null = null;
  return (id, ctx) => {
    if (!members) {
      const info = (m: string) => ctx.getModuleInfo(m);
      const plain = staticClosure([src('main.tsx'), src('features/auth/LoginPage.tsx')], info);
      const roots = (info(src('app/AntdRoot.tsx'))?.importedIds ?? [])
        .flatMap((m) => (/[\\/]antd[\\/]es[\\/]index\.js$/.test(m) ? (info(m)?.importedIds ?? []).filter((p) => ANTD_ROOT_PARTS.test(p)) : [m]))
        .filter((m) => ANTD_PACKAGE.test(m));
      members = new Set([...staticClosure(roots, info)].filter((m) => ANTD_PACKAGE.test(m) && !plain.has(m)));
    }
    return members.has(id) ? 'antd-root' : null;
  };
}

const api = process.env.BACKROOM_API_URL ?? 'http://localhost:3000';

// The dev server proxies every server path so the web app always talks to its own origin
// (better-auth cookies and the store resolution by Host both rely on it).
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/open': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No chunk groups: Rolldown's own splitting puts each module in a chunk shared by exactly the
    // screens that use it, so /login loads only what it renders. A group gathering antd into one
    // file made every screen, the sign-in page included, load all 1.35 MB of it (bench/first-load.ts).
    // The one group is antd's root, which every screen but the sign-in page needs whole.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, which the entry and antd share, stays out of antd's root chunk (a group takes in its
            // modules' dependencies): first in line, in a chunk of its own that the entry loads.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: antdRootGroup(), priority: 1 },
          ],
        },
      },
    },
  },
});
