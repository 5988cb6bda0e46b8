/**
 * How the build groups lazily loaded code into chunks (vite.config.ts).
 *
 * Left to itself the bundler makes one chunk per distinct set of importers, so the first resource
 * list needed about 30 small files. On a warm visit each is a separate HTTP-cache read, and the
 * session answer and the list call waited for the last of them (measured with bench/lists.ts: the
 * chunk graph was ready about 100 ms after the scripts it depends on were requested). Grouping
 * the lazy code by area makes that a handful of files without moving a byte into the first page:
 * anything the entry or a public page reaches through static imports stays where the bundler
 * puts it.
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

/** Shared portal code every area page uses: the API, machines, formats, common views. */
const SHARED = /[\\/]src[\\/](api|machines|format|views[\\/]common)[\\/]|[\\/]node_modules[\\/]zod[\\/]/;
const AREAS: Array<[name: string, test: RegExp]> = [
  // What the session answer needs to be read (zod, the envelope, the user and permission schemas):
  // small and first, so the sign-in does not wait for the areas' code to evaluate.
  ['session', /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]api[\\/](zod|envelope|tolerant|errors|sessionReaders)\.ts$|[\\/]src[\\/]api[\\/]schemas[\\/](common|record|user|permissions|account)\.ts$|[\\/]src[\\/]observability[\\/]report\.ts$/],
  ['resources', /[\\/]src[\\/]views[\\/]resources[\\/]/],
  ['shell', /[\\/]src[\\/]views[\\/]shell[\\/]/],
];

/**
 * Is `id` in the static import graph of the entry or of a public page (sign-in and the other
 * account pages)? Those stay with the bundler's automatic split, so /login loads none of the
 * signed-in areas' groups. Memoised per build.
 */
const PUBLIC_PAGE = /[\\/]src[\\/]views[\\/]auth[\\/]/;
function neededBeforeSignIn(graph: ModuleGraph, id: string, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // a cycle adds nothing
  const info = graph.getModuleInfo(id);
  const reached = !!info && (info.isEntry || PUBLIC_PAGE.test(id) || info.importers.some((importer) => neededBeforeSignIn(graph, importer, memo)));
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

export function lazyAreaChunks() {
  let memo = new Map<string, boolean>();
  let inspectorMemo = new Map<string, boolean>();
  let lastGraph: ModuleGraph | undefined;
  const chunkOf = (id: string, graph: ModuleGraph): string | null => {
    if (graph !== lastGraph) {
      memo = new Map();
      inspectorMemo = new Map();
      lastGraph = graph;
    }
    if (neededBeforeSignIn(graph, id, memo)) return null;
    if (INSPECTOR.test(id) || onlyForInspector(graph, id, inspectorMemo)) return null;
    for (const [name, test] of AREAS) if (test.test(id)) return name;
    return SHARED.test(id) ? 'portal' : null;
  };
  // Not their dependencies: those in the entry's graph must stay in the first page's chunk.
  return { includeDependenciesRecursively: false, groups: [{ name: chunkOf }] };
}
