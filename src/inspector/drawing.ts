import type { AnyStateMachine } from 'xstate';
import { chartOf, type Chart, type ChartState } from './chart';

/** One state box as drawn (absolute coordinates). */
export interface DrawnState {
  path: string;
  key: string;
  type: string;
  initial: boolean;
  compound: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One transition as drawn: its route, and the box its label sits in. */
export interface DrawnEdge {
  key: string;
  /** The state the transition leaves (highlighted when that state is active). */
  from: string;
  label: string;
  /** The label as drawn, one line per bundled event or long guard (labelLines). */
  lines: string[];
  d: string;
  labelBox: Box;
}

export interface Drawing {
  states: DrawnState[];
  edges: DrawnEdge[];
  width: number;
  height: number;
  /** 'layered' when ELK placed it (labels never overlap); 'quick' for the first, synchronous sketch. */
  engine: 'layered' | 'quick';
}

/** Labels and state names are drawn in a monospace font, so their widths are known without measuring. */
export const CHAR_W = 7.2;
export const LABEL_H = 16;
const HEADER = 28;
const LEAF_H = 32;

export const labelWidth = (text: string) => Math.ceil(text.length * CHAR_W) + 10;

/** A guarded event longer than this many characters puts its [guard] on a line of its own. */
const ONE_LINE = 24;

/**
 * The lines an edge label is drawn on: each bundled event ("done / error") on its own line, and a
 * long guard under its event. A label as wide as its longest line keeps the chart narrow: in a
 * layered layout every label of a layer sits side by side, so one-line labels made the auth chart
 * 3044 px wide.
 */
export function labelLines(label: string): string[] {
  return label.split(' / ').flatMap((part) => {
    const guard = part.indexOf(' [');
    return guard > 0 && part.length > ONE_LINE ? [part.slice(0, guard), part.slice(guard + 1)] : [part];
  });
}

/** The box a label's lines need. */
export const labelSize = (lines: readonly string[]) => ({ width: Math.max(...lines.map(labelWidth)), height: lines.length * LABEL_H });
const stateWidth = (key: string) => Math.max(80, Math.ceil(key.length * CHAR_W) + 36);

function flatten(state: ChartState, out: DrawnState[] = []): DrawnState[] {
  out.push({ path: state.path, key: state.key, type: state.type, initial: state.initial, compound: state.children.length > 0, x: state.x, y: state.y, w: state.w, h: state.h });
  for (const child of state.children) flatten(child, out);
  return out;
}

/** The synchronous sketch (chart.ts), shown until the layered layout arrives. */
export function quickDrawing(chart: Chart): Drawing {
  const states = flatten(chart.root);
  const byPath = new Map(states.map((s) => [s.path, s]));
  const edges = chart.edges.flatMap((edge) => {
    const from = byPath.get(edge.from);
    const to = byPath.get(edge.to);
    if (!from || !to) return [];
    const a = { x: from.x + from.w, y: from.y + Math.min(from.h / 2, 14) };
    const b = { x: to.x, y: to.y + Math.min(to.h / 2, 14) };
    const w = labelWidth(edge.label);
    return [{ key: `${edge.from}→${edge.to}`, from: edge.from, label: edge.label, lines: [edge.label], d: `M ${a.x} ${a.y} L ${b.x} ${b.y}`, labelBox: { x: (a.x + b.x) / 2 - w / 2, y: (a.y + b.y) / 2 - LABEL_H, w, h: LABEL_H } }];
  });
  return { states, edges, width: chart.width, height: chart.height, engine: 'quick' };
}

interface ElkLabelOut {
  text: string;
  width: number;
  height: number;
  x?: number;
  y?: number;
}
interface ElkNodeOut {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  children?: ElkNodeOut[];
  edges?: ElkEdgeOut[];
  layoutOptions?: Record<string, string>;
  labels?: ElkLabelOut[];
}
interface ElkEdgeOut {
  id: string;
  sources: string[];
  targets: string[];
  labels?: ElkLabelOut[];
  sections?: Array<{ startPoint: { x: number; y: number }; endPoint: { x: number; y: number }; bendPoints?: Array<{ x: number; y: number }> }>;
}

const nodeId = (path: string) => `s:${path}`;

/**
 * What keeps a chart narrow enough to read at 1:1 (the auth chart: 3044 × 808 px before, 1389 × 716
 * after, with labels on several lines): nodes placed by network simplex (short edges, not a wide
 * "balanced" spread), layers compacted by edge length, and edges between the same states merged
 * (fewer dummy nodes side by side). Set on each compound state too: its children are laid out by
 * its own options.
 */
const COMPACT: Record<string, string> = {
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.compaction.postCompaction.strategy': 'EDGE_LENGTH',
  'elk.layered.mergeEdges': 'true',
};

function elkNode(state: ChartState): ElkNodeOut {
  if (state.children.length === 0) return { id: nodeId(state.path), width: stateWidth(state.key), height: LEAF_H };
  return {
    id: nodeId(state.path),
    // A compound state is at least as wide as its title; its children go below the title bar.
    width: stateWidth(state.key),
    layoutOptions: {
      'elk.padding': `[top=${HEADER + 10},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${stateWidth(state.key)},${HEADER + 20})`,
      'elk.direction': state.type === 'parallel' ? 'RIGHT' : 'DOWN',
      ...COMPACT,
    },
    children: state.children.map(elkNode),
  };
}

/** Where a route's label box is: ELK puts labels beside their edges, never over a state or another label. */
function routeOf(edge: ElkEdgeOut): { d: string; labelBox: Box } | null {
  const section = edge.sections?.[0];
  const label = edge.labels?.[0];
  if (!section || !label) return null;
  const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
  return {
    d: points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' '),
    labelBox: { x: label.x ?? 0, y: label.y ?? 0, w: label.width, h: label.height },
  };
}

/**
 * The statechart laid out by ELK's layered algorithm (elkjs, loaded with the first diagram only):
 * nested states inside their parents, edges routed around states, labels placed as part of the
 * layout so none overlaps a state or another label.
 */
export function layeredDrawing(machine: AnyStateMachine): Promise<Drawing> {
  // Once per machine definition (`provide` copies share their config).
  const key = machine.config as object;
  let drawing = drawings.get(key);
  if (!drawing) {
    drawing = layOut(machine);
    drawings.set(key, drawing);
    drawing.catch(() => drawings.delete(key));
  }
  return drawing;
}

const drawings = new WeakMap<object, Promise<Drawing>>();
let layouter: Promise<{ layout(graph: unknown): Promise<unknown> }> | undefined;

/** ELK in a web worker where there is one (the layout never blocks the page), else in this thread (tests). */
function elkLayouter() {
  layouter ??= (async () => {
    if (typeof Worker !== 'undefined') {
      const [{ default: ELK }, { default: workerUrl }] = await Promise.all([import('elkjs/lib/elk-api.js'), import('elkjs/lib/elk-worker.min.js?url')]);
      return new ELK({ workerUrl });
    }
    const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
    return new ELK();
  })();
  return layouter;
}

async function layOut(machine: AnyStateMachine): Promise<Drawing> {
  const chart = chartOf(machine);
  const elk = await elkLayouter();
  const root = elkNode(chart.root);
  const edges: ElkEdgeOut[] = chart.edges.map((edge, index) => ({
    id: `e${index}`,
    sources: [nodeId(edge.from)],
    targets: [nodeId(edge.to)],
    labels: [{ text: edge.label, ...labelSize(labelLines(edge.label)) }],
  }));
  const graph: ElkNodeOut = {
    id: 'graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      // Top to bottom: the inspector panel is narrow and tall.
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '22',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '14',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
      'org.eclipse.elk.json.shapeCoords': 'ROOT',
      'org.eclipse.elk.json.edgeCoords': 'ROOT',
      ...COMPACT,
    },
    children: [root],
    edges,
  };
  const laid = (await elk.layout(graph)) as ElkNodeOut;

  const byId = new Map<string, ElkNodeOut>();
  const visit = (node: ElkNodeOut) => {
    byId.set(node.id, node);
    node.children?.forEach(visit);
  };
  visit(laid);
  const states = flatten(chart.root).map((state) => {
    const node = byId.get(nodeId(state.path));
    return { ...state, x: node?.x ?? 0, y: node?.y ?? 0, w: node?.width ?? state.w, h: node?.height ?? state.h };
  });
  const routed = new Map((laid.edges ?? []).map((edge) => [edge.id, routeOf(edge)]));
  const drawnEdges = chart.edges.flatMap((edge, index) => {
    const route = routed.get(`e${index}`);
    return route ? [{ key: `${edge.from}→${edge.to}`, from: edge.from, label: edge.label, lines: labelLines(edge.label), ...route }] : [];
  });
  return { states, edges: drawnEdges, width: Math.ceil(laid.width ?? chart.width), height: Math.ceil(laid.height ?? chart.height), engine: 'layered' };
}

/** True when two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
