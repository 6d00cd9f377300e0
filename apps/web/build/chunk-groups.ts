// The chunk groups of the web build (vite.config.ts): which modules share a file.
//
// Rolldown's automatic splitting puts each module in a chunk shared by exactly the screens that reach
// it, so no screen loads code it does not use. The price is many small files: Find Inventory's first
// load was 75 of them, most a few hundred bytes, fetched six at a time over HTTP/1.1 and compressed
// apart (bench/first-load.ts, bench/README.md "First load in the browser"). The groups gather what
// always loads together:
//  - antd's root (AntdRoot.tsx: ConfigProvider, App and the antd modules they import), which every
//    screen but the sign-in page loads (`antdRootGroup`);
//  - what the entry imports ('boot'), and the signed-in shells: the chunks every screen of the back
//    office loads with StaffApp (its layout, menu, icons, routes), the portal's with ConsignerApp, and
//    those both load (`appGroups`). These are read from a first build (`chunkGraph`): whole chunks of
//    Rolldown's own splitting are merged, so no screen loads a module it did not load before but in
//    the shells' files, and the sign-in page loads exactly what it did;
//  - the antd parts of the inventory lists ('list-antd', in `appGroups`), which other back-office
//    screens share in part: the one group whose file some screens load more of than they use.
import path from 'node:path';
import { build, type Rolldown } from 'vite';

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;
type NameFunction = (id: string, ctx: { getModuleInfo: ModuleInfoOf }) => string | null;

const src = (file: string) => path.resolve(import.meta.dirname, '../src', file);

/** antd and the packages it is made of. */
const ANTD_PACKAGE = /[\\/]node_modules[\\/](antd|@ant-design[\\/][^\\/]+|@rc-component[\\/][^\\/]+|rc-[^\\/]+)[\\/]/;
/** A module of an npm package. */
const NODE_MODULE = /[\\/]node_modules[\\/]/;
/** The parts of antd's barrel that AntdRoot.tsx uses; the barrel itself reaches every component. */
const ANTD_ROOT_PARTS = /[\\/]antd[\\/]es[\\/](app|config-provider)[\\/]index\.js$/;

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

/**
 * One chunk for antd's root, which every screen but the sign-in page loads. Left to the automatic
 * splitting, those modules were cut into several files by which screens share each one, which
 * compress less well apart. Only antd's own packages are taken, and none that the entry or the
 * sign-in page import, so /login still loads no antd module.
 */
export function antdRootGroup(): NameFunction {
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

/** What the first build says of each chunk (Rolldown's output, without the code). */
type ChunkFacts = { fileName: string; moduleIds: string[]; imports: string[]; dynamicImports: string[]; facadeModuleId: string | null; isEntry: boolean };

const FIRST_PASS = 'BACKROOM_CHUNK_GRAPH_PASS';

/** True inside the first build: vite.config.ts then leaves `appGroups` out (they are what it computes). */
export const isChunkGraphPass = () => process.env[FIRST_PASS] === '1';

/** Builds the app once in memory (no minifying, nothing written) for its chunk graph. */
export async function chunkGraph(configFile: string, mode: string): Promise<ChunkFacts[]> {
  process.env[FIRST_PASS] = '1';
  try {
    const result = await build({
      configFile,
      root: path.dirname(configFile),
      mode,
      logLevel: 'warn',
      build: { write: false, minify: false, emptyOutDir: false, reportCompressedSize: false, sourcemap: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs.flatMap((o) => o.output).flatMap((c) =>
      c.type === 'chunk'
        ? [{ fileName: c.fileName, moduleIds: c.moduleIds, imports: c.imports, dynamicImports: c.dynamicImports, facadeModuleId: c.facadeModuleId, isEntry: c.isEntry }]
        : [],
    );
  } finally {
    delete process.env[FIRST_PASS];
  }
}

type World = 'public' | 'staff' | 'portal';

/**
 * The entry's and the shells' groups from the first build's chunks. What the entry imports is one file
 * ('boot'; Rolldown's runtime and Vite's preload helper stay apart). For the shells, a chunk is a
 * candidate when every screen of an app
 * loads it (it is in the static closure of StaffApp's or ConsignerApp's chunk) and the sign-in page
 * does not (nor the entry, nor antd's root): /login keeps its own small files. Candidates are then
 * grouped by which parts of the app ever load them, statically or on demand: only the back office
 * ('staff-shell'), only the portal ('portal-shell'), both ('signed-in'), or a public screen too, such
 * as the store signup ('shared-ui'). A chunk's imports are loaded wherever it is, so those sets only
 * grow along imports: no group imports one that imports it back, and the groups need not take in
 * their dependencies (which would pull the entry's modules in).
 */
export function appGroups(chunks: ChunkFacts[]): NameFunction {
  let members: Map<string, string> | null = null;
  return (id, ctx) => {
    members ??= appMembers(chunks, (m) => ctx.getModuleInfo(m));
    return members.get(id) ?? null;
  };
}

function appMembers(chunks: ChunkFacts[], info: ModuleInfoOf): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byFacade = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c.fileName]));
  const chunkOf = (file: string) => byFacade.get(src(file));
  const pagesOf = (file: string) => (info(src(file))?.dynamicallyImportedIds ?? []).map((m) => byFacade.get(m)).filter((f): f is string => !!f);
  const entry = chunks.find((c) => c.isEntry);
  const staffApp = chunkOf('app/StaffApp.tsx');
  const portalApp = chunkOf('app/ConsignerApp.tsx');
  const login = chunkOf('features/auth/LoginPage.tsx');
  const antdRoot = chunkOf('app/AntdRoot.tsx');
  if (!entry || !staffApp || !portalApp || !login || !antdRoot) return new Map();

  /** Chunks loaded from these roots: their static imports and, but for the entry's, what they load on demand. */
  const reach = (roots: string[], onDemand: boolean) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const c = byFile.get(file);
      if (c) stack.push(...c.imports, ...(onDemand && c !== entry ? c.dynamicImports : []));
    }
    return seen;
  };
  const staffRoots = [staffApp, ...pagesOf('app/staff-pages.ts')];
  const portalRoots = [portalApp, ...pagesOf('app/consigner-pages.ts')];
  const appRoots = new Set([...staffRoots, ...portalRoots]);
  const loadedBy: Record<World, Set<string>> = {
    // the entry and what it loads on demand besides the two apps and their screens: public screens,
    // antd's root, the store error screen, better-auth's client
    public: reach([entry.fileName, ...entry.dynamicImports.filter((f) => !appRoots.has(f))], true),
    staff: reach(staffRoots, true),
    portal: reach(portalRoots, true),
  };
  const signIn = reach([entry.fileName, login, antdRoot], false);
  const everyScreen = new Set([...reach([staffApp], false), ...reach([portalApp], false)]);

  const members = new Map<string, string>();
  // what the entry imports, in one file beside it (the react group, of a higher priority, keeps React)
  for (const f of reach([entry.fileName], false)) if (f !== entry.fileName) for (const m of byFile.get(f)!.moduleIds) if (!m.startsWith('\0')) members.set(m, 'boot');
  for (const c of chunks) {
    if (!everyScreen.has(c.fileName) || signIn.has(c.fileName)) continue;
    const staff = loadedBy.staff.has(c.fileName);
    const portal = loadedBy.portal.has(c.fileName);
    const group = loadedBy.public.has(c.fileName) ? 'shared-ui' : staff && portal ? 'signed-in' : staff ? 'staff-shell' : 'portal-shell';
    for (const m of c.moduleIds) members.set(m, group);
  }
  // The antd parts of the inventory lists, the screens staff spend the day on, in one file: the
  // chunks made only of packages that the lists load besides the shells, and that no public screen
  // loads. Apart they were nine more of Find Inventory's 49 files, fetched six at a time; together
  // the lists load 4.5 KB less and some other back-office screens at most 6.3 KB more, which they
  // find in the browser's cache once a list has been opened (bench/README.md "The first screen drawn
  // in one go").
  const listPage = chunkOf('features/inventory-lists/InventoryListPage.tsx');
  for (const file of listPage ? reach([listPage], false) : []) {
    const c = byFile.get(file)!;
    if (everyScreen.has(file) || signIn.has(file) || loadedBy.public.has(file) || !c.moduleIds.every((m) => NODE_MODULE.test(m))) continue;
    for (const m of c.moduleIds) if (!members.has(m)) members.set(m, 'list-antd');
  }
  return members;
}
