import { useId, useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { activePaths, chartOf, type ChartState } from './chart';

interface Point {
  x: number;
  y: number;
  nx: number;
  ny: number;
}

function anchors(s: ChartState): Point[] {
  const cx = s.x + s.w / 2;
  const cy = s.children.length > 0 ? s.y + 13 : s.y + s.h / 2;
  return [
    { x: cx, y: s.y, nx: 0, ny: -1 },
    { x: cx, y: s.y + s.h, nx: 0, ny: 1 },
    { x: s.x, y: cy, nx: -1, ny: 0 },
    { x: s.x + s.w, y: cy, nx: 1, ny: 0 },
  ];
}

const inside = (outer: string, inner: string) => outer === '' || inner.startsWith(`${outer}.`);

/** A curved edge between the nearest sides of two boxes, and where its label goes. */
function edgePath(from: ChartState, to: ChartState): { d: string; lx: number; ly: number } {
  if (from.path === to.path) {
    const x = from.x + from.w - 12;
    const y = from.y;
    return { d: `M ${x - 16} ${y} C ${x - 16} ${y - 30}, ${x + 22} ${y - 30}, ${x + 12} ${y + 4}`, lx: x, ly: y - 26 };
  }
  // From a compound state to its own descendant: start at its title bar.
  const starts = inside(from.path, to.path) ? [{ x: from.x + 10, y: from.y + 13, nx: 1, ny: 0 }] : anchors(from);
  let best: [Point, Point] = [starts[0]!, anchors(to)[0]!];
  let bestDistance = Infinity;
  for (const a of starts) {
    for (const b of anchors(to)) {
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = [a, b];
      }
    }
  }
  const [a, b] = best;
  const k = Math.max(24, bestDistance / 3);
  const c1 = { x: a.x + a.nx * k, y: a.y + a.ny * k };
  const c2 = { x: b.x + b.nx * k, y: b.y + b.ny * k };
  return {
    d: `M ${a.x} ${a.y} C ${c1.x} ${c1.y}, ${c2.x} ${c2.y}, ${b.x} ${b.y}`,
    lx: 0.125 * a.x + 0.375 * c1.x + 0.375 * c2.x + 0.125 * b.x,
    ly: 0.125 * a.y + 0.375 * c1.y + 0.375 * c2.y + 0.125 * b.y,
  };
}

function StateBox({ state, active }: { state: ChartState; active: Set<string> }) {
  const isActive = active.has(state.path);
  const compound = state.children.length > 0;
  const name = `${state.key}${state.type === 'final' ? ' (final)' : ''}${state.initial ? ' (initial)' : ''}${isActive ? ' (active)' : ''}`;
  return (
    <>
      <g role="img" aria-label={name} aria-current={isActive ? 'true' : undefined} className={`chart-state${isActive ? ' is-active' : ''}${compound ? ' is-compound' : ''}`} data-path={state.path}>
        <title>{name}</title>
        <rect x={state.x} y={state.y} width={state.w} height={state.h} rx={compound ? 10 : 8} strokeDasharray={state.type === 'parallel' ? '6 4' : undefined} />
        {state.type === 'final' && <rect className="chart-final" x={state.x + 3} y={state.y + 3} width={state.w - 6} height={state.h - 6} rx={6} />}
        {compound && <line className="chart-divider" x1={state.x} x2={state.x + state.w} y1={state.y + 26} y2={state.y + 26} />}
        <text x={state.x + (compound ? 10 : state.w / 2)} y={state.y + (compound ? 17 : state.h / 2 + 4)} textAnchor={compound ? 'start' : 'middle'}>
          {state.initial ? '→ ' : ''}
          {state.key}
        </text>
      </g>
      {state.children.map((child) => (
        <StateBox key={child.path} state={child} active={active} />
      ))}
    </>
  );
}

/** The machine drawn from its own definition; the states of `value` highlighted. */
export function Diagram({ machine, value, label }: { machine: AnyStateMachine; value: unknown; label: string }) {
  const chart = useMemo(() => chartOf(machine), [machine]);
  const active = useMemo(() => new Set(['', ...activePaths(value)]), [value]);
  const markerId = useId();
  const routes = useMemo(
    () =>
      chart.edges.flatMap((edge) => {
        const from = chart.states.get(edge.from);
        const to = chart.states.get(edge.to);
        return from && to ? [{ key: `${edge.from}→${edge.to}`, label: edge.label, ...edgePath(from, to) }] : [];
      }),
    [chart],
  );
  return (
    <div className="chart-scroll">
      <svg role="group" aria-label={label} width={chart.width} height={chart.height} viewBox={`0 0 ${chart.width} ${chart.height}`} className="chart">
        <defs>
          <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" />
          </marker>
        </defs>
        {/* Edges under the boxes, their labels over everything, so names stay readable. */}
        <g className="chart-edges" aria-hidden="true">
          {routes.map(({ key, d }) => (
            <path key={key} d={d} markerEnd={`url(#${markerId})`} />
          ))}
        </g>
        <StateBox state={chart.root} active={active} />
        <g className="chart-edges" aria-hidden="true">
          {routes.map(({ key, label, lx, ly }) => (
            <text key={key} x={lx} y={ly} textAnchor="middle">
              {label}
            </text>
          ))}
        </g>
      </svg>
    </div>
  );
}
