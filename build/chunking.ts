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
 *   - `portal`: the shared signed-in code (API, machines, formats, common views, zod) with the
 *     resource pages and the shell, which the reference server hints on a signed-in page
 *     (server/http/preloadHints.ts);
 *   - everything else (reporting, chat, the inspector, the heavy libraries) as the bundler splits it.
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

/** Shared portal code every area page uses: the API, machines, formats, common views, and zod. */
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
  let lastGraph: ModuleGraph | undefined;
  const chunkOf = (id: string, graph: ModuleGraph): string | null => {
    if (graph !== lastGraph) {
      memo = new Map();
      inspectorMemo = new Map();
      lastGraph = graph;
    }
    const info = graph.getModuleInfo(id);
    // The entry (index.html's script, src/main.tsx) stays the page's own chunk, which the manifest names.
    if (!info || info.isEntry || info.importers.some((importer) => graph.getModuleInfo(importer)?.isEntry)) return null;
    if (neededBeforeSignIn(graph, id, memo)) return 'boot';
    if (INSPECTOR.test(id) || onlyForInspector(graph, id, inspectorMemo)) return null;
    return SHARED.test(id) || AREAS.test(id) ? 'portal' : null;
  };
  // Not their dependencies: a group takes only the modules chunkOf names for it.
  return { includeDependenciesRecursively: false, groups: [{ name: chunkOf }] };
}
