import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** One state of the drawn statechart, positioned (absolute SVG coordinates). */
export interface ChartState {
  path: string;
  key: string;
  type: string;
  initial: boolean;
  depth: number;
  children: ChartState[];
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ChartEdge {
  from: string;
  to: string;
  label: string;
}

export interface Chart {
  root: ChartState;
  states: Map<string, ChartState>;
  edges: ChartEdge[];
  width: number;
  height: number;
}

const LEAF_H = 32;
const HEADER = 26;
const PAD = 14;
const GAP_X = 96;
const GAP_Y = 44;
const CHAR_W = 7.2;

const pathOf = (node: AnyStateNode) => node.path.join('.');

/** What an edge says: the event, shortened for XState's generated names, with its guard. */
export function transitionLabel(eventType: string, guard: unknown): string {
  let label = eventType;
  if (eventType.startsWith('xstate.done.actor.')) label = 'done';
  else if (eventType.startsWith('xstate.error.actor.')) label = 'error';
  else if (eventType.startsWith('xstate.after.')) label = `after ${eventType.split('.')[2]}`;
  else if (eventType.startsWith('xstate.done.state.')) label = 'done (state)';
  else if (eventType === '') label = 'always';
  const guardName = typeof guard === 'string' ? guard : (guard as { type?: unknown } | undefined)?.type;
  return typeof guardName === 'string' ? `${label} [${guardName}]` : label;
}

function collectEdges(node: AnyStateNode, edges: Map<string, ChartEdge>): void {
  const transitions = [...node.transitions.values()].flat();
  for (const transition of [...transitions, ...(node.always ?? [])]) {
    for (const target of transition.target ?? []) {
      const from = pathOf(node);
      const to = pathOf(target);
      const label = transitionLabel(transition.eventType, transition.guard);
      const key = `${from}→${to}`;
      const existing = edges.get(key);
      if (!existing) edges.set(key, { from, to, label });
      else if (!existing.label.split(' / ').includes(label)) existing.label += ` / ${label}`;
    }
  }
  for (const child of Object.values(node.states)) collectEdges(child, edges);
}

/** The child of `parent` that contains the state at `path` (or undefined when outside it). */
function childKeyUnder(parent: string, path: string): string | undefined {
  const prefix = parent === '' ? '' : `${parent}.`;
  if (parent !== '' && !path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  return rest === '' ? undefined : rest.split('.')[0];
}

/** Layers of the children of a compound state: breadth-first from the initial child along transitions. */
function layersOf(node: AnyStateNode, edges: ChartEdge[]): AnyStateNode[][] {
  const children = Object.values(node.states);
  const parent = pathOf(node);
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const a = childKeyUnder(parent, edge.from);
    const b = childKeyUnder(parent, edge.to);
    if (a && b && a !== b) next.set(a, (next.get(a) ?? new Set()).add(b));
  }
  const initialKey = node.initial?.target[0]?.path[node.path.length];
  const layerOf = new Map<string, number>();
  const queue = initialKey ? [initialKey] : [];
  if (initialKey) layerOf.set(initialKey, 0);
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const target of next.get(key) ?? []) {
      if (!layerOf.has(target)) {
        layerOf.set(target, layerOf.get(key)! + 1);
        queue.push(target);
      }
    }
  }
  const last = Math.max(-1, ...layerOf.values());
  const layers: AnyStateNode[][] = [];
  for (const child of children) {
    const layer = layerOf.get(child.key) ?? last + 1;
    (layers[layer] ??= []).push(child);
  }
  return layers.filter(Boolean);
}

function measure(node: AnyStateNode, edges: ChartEdge[], depth: number, initial: boolean): ChartState {
  const key = depth === 0 ? node.machine.id : node.key;
  const state: ChartState = { path: pathOf(node), key, type: node.type, initial, depth, children: [], x: 0, y: 0, w: 0, h: 0 };
  const labelW = key.length * CHAR_W + 28;
  const initialKey = node.initial?.target[0]?.key;
  if (Object.keys(node.states).length === 0) {
    state.w = Math.max(90, labelW);
    state.h = LEAF_H;
    return state;
  }
  // Parallel regions are stacked; a compound state's children are laid out in layers, left to right.
  const layers = node.type === 'parallel' ? [Object.values(node.states)] : layersOf(node, edges);
  let x = PAD;
  let bottom = 0;
  for (const layer of layers) {
    let y = HEADER + PAD;
    let columnW = 0;
    for (const child of layer) {
      const measured = measure(child, edges, depth + 1, child.key === initialKey);
      measured.x = x;
      measured.y = y;
      y += measured.h + GAP_Y;
      columnW = Math.max(columnW, measured.w);
      state.children.push(measured);
    }
    x += columnW + GAP_X;
    bottom = Math.max(bottom, y - GAP_Y);
  }
  state.w = Math.max(labelW, x - GAP_X + PAD);
  state.h = bottom + PAD;
  return state;
}

function place(state: ChartState, dx: number, dy: number, all: Map<string, ChartState>): void {
  state.x += dx;
  state.y += dy;
  all.set(state.path, state);
  for (const child of state.children) place(child, state.x, state.y, all);
}

/** The statechart of `machine`, read from its definition (states, initial, transitions). */
export function chartOf(machine: AnyStateMachine): Chart {
  const edgeMap = new Map<string, ChartEdge>();
  collectEdges(machine.root, edgeMap);
  const edges = [...edgeMap.values()];
  const root = measure(machine.root, edges, 0, false);
  const states = new Map<string, ChartState>();
  place(root, 4, 4, states);
  return { root, states, edges, width: root.w + 8, height: root.h + 8 };
}

/** Paths of the active states for a state value (ancestors included; '' is the root). */
export function activePaths(value: unknown, prefix = ''): string[] {
  const join = (key: string) => (prefix === '' ? key : `${prefix}.${key}`);
  if (typeof value === 'string') return [join(value)];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [join(key), ...activePaths(inner, join(key))]);
}
