import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import { activePaths, chartOf } from './chart';
import { layeredDrawing, quickDrawing, type Drawing, type DrawnState } from './drawing';

interface View {
  k: number;
  x: number;
  y: number;
}

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 3;
const VIEWPORT_H = 440;
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The whole drawing in the viewport, never enlarged past 1:1. */
function fitted(drawing: Drawing, width: number, height: number): View {
  if (width <= 0 || height <= 0) return { k: 1, x: 0, y: 0 };
  const k = clampZoom(Math.min(1, width / drawing.width, height / drawing.height));
  return { k, x: (width - drawing.width * k) / 2, y: Math.max(0, (height - drawing.height * k) / 2) };
}

/** Where a drawing starts: fitted to the width, but never so small its labels cannot be read (pan for the rest). */
function readable(drawing: Drawing, width: number): View {
  if (width <= 0) return { k: 1, x: 0, y: 0 };
  const k = clampZoom(Math.min(1, Math.max(0.6, width / drawing.width)));
  return { k, x: Math.max(0, (width - drawing.width * k) / 2), y: 0 };
}

/** Zoom by `factor` keeping the point (cx, cy) of the viewport where it is. */
function zoomed(view: View, factor: number, cx: number, cy: number): View {
  const k = clampZoom(view.k * factor);
  const ratio = k / view.k;
  return { k, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio };
}

function StateBox({ state, active }: { state: DrawnState; active: Set<string> }) {
  const isActive = active.has(state.path);
  const name = `${state.key}${state.type === 'final' ? ' (final)' : ''}${state.initial ? ' (initial)' : ''}${isActive ? ' (active)' : ''}`;
  return (
    <g role="img" aria-label={name} aria-current={isActive ? 'true' : undefined} className={`chart-state${isActive ? ' is-active' : ''}${state.compound ? ' is-compound' : ''}`} data-path={state.path}>
      <title>{name}</title>
      <rect x={state.x} y={state.y} width={state.w} height={state.h} rx={state.compound ? 10 : 8} strokeDasharray={state.type === 'parallel' ? '6 4' : undefined} />
      {state.type === 'final' && <rect className="chart-final" x={state.x + 3} y={state.y + 3} width={state.w - 6} height={state.h - 6} rx={6} />}
      {state.compound && <line className="chart-divider" x1={state.x} x2={state.x + state.w} y1={state.y + 28} y2={state.y + 28} />}
      <text x={state.x + (state.compound ? 10 : state.w / 2)} y={state.y + (state.compound ? 19 : state.h / 2 + 4)} textAnchor={state.compound ? 'start' : 'middle'}>
        {state.initial ? '→ ' : ''}
        {state.key}
      </text>
    </g>
  );
}

/**
 * The machine drawn from its own definition, the states of `value` highlighted. A quick sketch
 * shows at once; ELK's layered layout (elkjs, its own chunk) replaces it when ready. Zoom with the
 * buttons, Ctrl+wheel or +/−; pan by dragging or with the arrow keys; 0 fits the whole chart.
 */
export function Diagram({ machine, value, label }: { machine: AnyStateMachine; value: unknown; label: string }) {
  const quick = useMemo(() => quickDrawing(chartOf(machine)), [machine]);
  const [laid, setLaid] = useState<{ machine: AnyStateMachine; drawing: Drawing } | null>(null);
  const drawing = laid?.machine === machine ? laid.drawing : quick;
  const active = useMemo(() => new Set(['', ...activePaths(value)]), [value]);
  const markerId = useId();
  const hintId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ k: 1, x: 0, y: 0 });
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);

  useEffect(() => {
    // Only with a worker: ELK on the page's own thread would block it for a second (and jsdom).
    if (typeof Worker === 'undefined') return;
    let current = true;
    layeredDrawing(machine).then(
      (result) => current && setLaid({ machine, drawing: result }),
      (error: unknown) => console.warn('Statechart layout failed; showing the quick sketch', error),
    );
    return () => {
      current = false;
    };
  }, [machine]);

  const fit = () => {
    const el = viewport.current;
    setView(fitted(drawing, el?.clientWidth ?? 0, el?.clientHeight ?? 0));
  };
  // A new drawing (another machine, or the layered layout arriving) starts readable, from the top.
  useEffect(() => setView(readable(drawing, viewport.current?.clientWidth ?? 0)), [drawing]);

  // Ctrl/⌘ + wheel zooms at the pointer; a plain wheel still scrolls the panel.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const box = el.getBoundingClientRect();
      setView((v) => zoomed(v, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const center = () => ({ cx: (viewport.current?.clientWidth ?? 0) / 2, cy: (viewport.current?.clientHeight ?? 0) / 2 });
  const zoomBy = (factor: number) => {
    const { cx, cy } = center();
    setView((v) => zoomed(v, factor, cx, cy));
  };
  const panBy = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 40;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(1.25),
      '=': () => zoomBy(1.25),
      '-': () => zoomBy(1 / 1.25),
      '0': fit,
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    panBy(event.clientX - start.x, event.clientY - start.y);
    drag.current = { ...start, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div className="chart-frame">
      <div className="chart-tools" role="group" aria-label="Zoom">
        <button type="button" className="button" onClick={() => zoomBy(1.25)} aria-label="Zoom in">
          +
        </button>
        <button type="button" className="button" onClick={() => zoomBy(1 / 1.25)} aria-label="Zoom out">
          −
        </button>
        <button type="button" className="button" onClick={fit}>
          Fit
        </button>
        <span className="inspector-note" aria-live="polite">
          {Math.round(view.k * 100)}%{drawing.engine === 'quick' && typeof Worker !== 'undefined' ? ' · laying out…' : ''}
        </span>
      </div>
      <div
        ref={viewport}
        className="chart-viewport"
        style={{ height: Math.min(VIEWPORT_H, Math.max(160, drawing.height * view.k + 16)) }}
        tabIndex={0}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <p id={hintId} className="visually-hidden">
          Drag or use the arrow keys to pan; plus and minus zoom; 0 fits the chart.
        </p>
        <svg role="group" aria-label={label} className="chart" width="100%" height="100%" data-engine={drawing.engine}>
          <defs>
            <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" />
            </marker>
          </defs>
          <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
            {/* States under the edges: a route that crosses a compound state stays visible. */}
            {drawing.states.map((state) => (
              <StateBox key={state.path} state={state} active={active} />
            ))}
            <g className="chart-edges" aria-hidden="true">
              {drawing.edges.map(({ key, d }) => (
                <path key={key} d={d} markerEnd={`url(#${markerId})`} />
              ))}
              {/* Labels only once ELK has placed them: the quick sketch has no room reserved for them. */}
              {drawing.engine === 'layered' &&
                drawing.edges.map(({ key, label: text, labelBox }) => (
                  <text key={key} x={labelBox.x + labelBox.w / 2} y={labelBox.y + labelBox.h - 4} textAnchor="middle">
                    {text}
                  </text>
                ))}
            </g>
          </g>
        </svg>
      </div>
    </div>
  );
}
