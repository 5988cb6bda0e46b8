/**
 * How the build groups code into chunks (vite.config.ts).
 *
 * Left to itself the bundler makes one chunk per distinct set of importers: the first resource list
 * needed about 25 files (the entry's eight small common chunks, then the signed-in groups and what
 * they share with the account pages). On a warm visit each is a separate HTTP-cache read and a
 * module to instantiate before boot can run: measured with bench/lists.ts, the scripts were in at
 * 106 ms and boot ran at 186 ms; with the layout below, 3 files for /login and 5 for a list page,
 * the scripts are in at about 75 ms and boot runs about 40 ms earlier.
 *
 *   - `boot`: everything the entry or the sign-in page reaches through static imports, which /login
 *     loads anyway (the entry itself stays its own small chunk, which the manifest names);
 *   - `portal`: the resource pages and the shell with the shared signed-in code (API, machines,
 *     formats, common views, zod) they use, which the reference server hints on a signed-in page
 *     (server/http/preloadHints.ts); shared code only another area uses is not in it;
 *   - everything else (reporting, chat, the inspector, the heavy libraries) as the bundler splits it.
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters?: readonly string[]; isEntry: boolean } | null;
}

/** Shared signed-in code (the API, machines, formats, common views, and zod): in `portal` when the first screens reach it (usedByPortal). */
const SHARED = /[\\/]src[\\/](api|machines|format|views[\\/]common)[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
/** The signed-in areas whose code the first screens need: resource pages and the shell. */
const AREAS = /[\\/]src[\\/]views[\\/](resources|shell)[\\/]/;
/** The guest's first screen: /login (SPEC §4). Other account pages may load the portal group. */
const GUEST_LANDING = /[\\/]src[\\/]views[\\/]auth[\\/]LoginPage\.tsx$/;

/**
 * Is `id` in the static import graph of the entry or of the sign-in page? Those modules are what
 * /login loads anyway; they go into one `boot` chunk beside the entry (left to itself the bundler
 * split them into eight small common chunks, each a request before boot could run). Memoised per build.
 */
function neededBeforeSignIn(graph: ModuleGraph, id: string, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // a cycle adds nothing
  const info = graph.getModuleInfo(id);
  const reached = !!info && (info.isEntry || GUEST_LANDING.test(id) || info.importers.some((importer) => neededBeforeSignIn(graph, importer, memo)));
  memo.set(id, reached);
  return reached;
}

/** Code a group may take: the portal's own modules and zod (other libraries are left to the bundler). */
const PORTAL_CODE = /[\\/]src[\\/]|[\\/]node_modules[\\/]zod[\\/]/;

/**
 * Is `id` code the first signed-in screens run? The roots are the shared and area modules boot's
 * code asks for lazily (the route table's resource and shell pages and their loader, the
 * dashboard's totals); `portal` is what they reach through static imports. Shared code that only a
 * lazy area imports (chat, reporting, review, the account flows and the outbound call, with their
 * APIs: machines/areas/*.ts) and a part a page loads on demand (the scorecard items editor, the
 * outbound call form) stay out of it, so a list page does not download and compile them (issue 25).
 * Every module of ours that `portal` reaches is in it, so no other chunk of ours imports `portal`
 * while `portal` imports it (two chunks importing each other run one before the other is ready).
 * Memoised per build.
 */
function usedByPortal(graph: ModuleGraph, id: string, memo: Map<string, boolean>, beforeSignIn: (id: string) => boolean): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // a cycle adds nothing
  const info = graph.getModuleInfo(id);
  const root = !!info && (SHARED.test(id) || AREAS.test(id)) && (info.dynamicImporters ?? []).some(beforeSignIn);
  const used = !!info && (root || info.importers.some((importer) => PORTAL_CODE.test(importer) && usedByPortal(graph, importer, memo, beforeSignIn)));
  memo.set(id, used);
  return used;
}

/**
 * Is `id` imported only by the machine inspector's code (the machines' event schemas, say)? That
 * code stays with the inspector's own lazy chunk: grouped into `portal`, a list page would build
 * every event schema it never uses (measured: most of the portal group's evaluation time).
 */
const INSPECTOR = /[\\/]src[\\/]inspector[\\/]/;
function onlyForInspector(graph: ModuleGraph, id: string, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, true); // a cycle adds no outside importer
  const info = graph.getModuleInfo(id);
  const only = !!info && !info.isEntry && info.importers.length > 0 && info.importers.every((importer) => INSPECTOR.test(importer) || onlyForInspector(graph, importer, memo));
  memo.set(id, only);
  return only;
}

export function firstScreenChunks() {
  let memo = new Map<string, boolean>();
  let inspectorMemo = new Map<string, boolean>();
  let portalMemo = new Map<string, boolean>();
  let lastGraph: ModuleGraph | undefined;
  const chunkOf = (id: string, graph: ModuleGraph): string | null => {
    if (graph !== lastGraph) {
      memo = new Map();
      inspectorMemo = new Map();
      portalMemo = new Map();
      lastGraph = graph;
    }
    const info = graph.getModuleInfo(id);
    // The entry (index.html's script, src/main.tsx) stays the page's own chunk, which the manifest names.
    if (!info || info.isEntry || info.importers.some((importer) => graph.getModuleInfo(importer)?.isEntry)) return null;
    if (neededBeforeSignIn(graph, id, memo)) return 'boot';
    if (INSPECTOR.test(id) || onlyForInspector(graph, id, inspectorMemo)) return null;
    return PORTAL_CODE.test(id) && usedByPortal(graph, id, portalMemo, (importer) => neededBeforeSignIn(graph, importer, memo)) ? 'portal' : null;
  };
  // Not their dependencies: a group takes only the modules chunkOf names for it.
  return { includeDependenciesRecursively: false, groups: [{ name: chunkOf }] };
}
