import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import { activePaths, chartOf } from './chart';
import { LABEL_H, layeredDrawing, quickDrawing, type Drawing, type DrawnState } from './drawing';

const MIN_ZOOM = 0.2;
const MAX_ZOOM = 3;
const VIEWPORT_H = 440;
/** The drawing's text is 12 px at 1:1 (inspector.css); below this zoom it is under 11 px. */
const FONT_PX = 12;
const MIN_TEXT_PX = 11;
export const LEGIBLE_ZOOM = MIN_TEXT_PX / FONT_PX;
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/**
 * The zoom that shows the whole drawing in a viewport, never enlarged past 1:1, and whether its
 * text stays readable there: when it would not, Fit keeps the smallest readable zoom and says so.
 */
export function fitZoom(drawing: Pick<Drawing, 'width' | 'height'>, width: number, height: number): { k: number; legible: boolean } {
  if (width <= 0 || height <= 0) return { k: 1, legible: true };
  const k = Math.min(1, width / drawing.width, height / drawing.height);
  return k >= LEGIBLE_ZOOM ? { k, legible: true } : { k: LEGIBLE_ZOOM, legible: false };
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
 * The machine drawn from its own definition, the states of `value` highlighted and the
 * transitions they accept drawn in the theme colour. A quick sketch shows at once; ELK's layered
 * layout (elkjs, its own chunk) replaces it when ready. It opens at 1:1 (12 px text) scrolled to
 * the current state; the viewport scrolls, so nothing is out of reach. Zoom with the buttons,
 * Ctrl+wheel or +/−; pan by dragging, scrolling or the arrow keys; 0 (Fit) shows the whole chart
 * when it fits at a readable size, and says so when it cannot.
 */
export function Diagram({ machine, value, label }: { machine: AnyStateMachine; value: unknown; label: string }) {
  const quick = useMemo(() => quickDrawing(chartOf(machine)), [machine]);
  const [laid, setLaid] = useState<{ machine: AnyStateMachine; drawing: Drawing } | null>(null);
  const drawing = laid?.machine === machine ? laid.drawing : quick;
  const active = useMemo(() => new Set(['', ...activePaths(value)]), [value]);
  const markerId = useId();
  const acceptedMarkerId = useId();
  const hintId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const [notice, setNotice] = useState('');
  // The chart over the whole window (the panel is at most 560 px wide): most charts then read whole at 1:1.
  const [full, setFull] = useState(false);
  // Where the zoom was asked for (viewport coordinates), so that point stays put once it applies.
  const anchor = useRef<{ cx: number; cy: number; from: number } | null>(null);
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

  const zoomTo = (k: number, cx?: number, cy?: number) => {
    const el = viewport.current;
    setZoom((from) => {
      anchor.current = { cx: cx ?? (el?.clientWidth ?? 0) / 2, cy: cy ?? (el?.clientHeight ?? 0) / 2, from };
      return clampZoom(k);
    });
  };
  const zoomBy = (factor: number, cx?: number, cy?: number) => {
    setNotice('');
    zoomTo(zoom * factor, cx, cy);
  };
  useLayoutEffect(() => {
    const el = viewport.current;
    const at = anchor.current;
    anchor.current = null;
    if (!el || !at || at.from === zoom) return;
    const ratio = zoom / at.from;
    el.scrollLeft = (el.scrollLeft + at.cx) * ratio - at.cx;
    el.scrollTop = (el.scrollTop + at.cy) * ratio - at.cy;
  }, [zoom]);

  const fit = () => {
    const el = viewport.current;
    const { k, legible } = fitZoom(drawing, (el?.clientWidth ?? 0) - 2, (full ? (el?.clientHeight ?? VIEWPORT_H) : VIEWPORT_H) - 2);
    setZoom(k);
    el?.scrollTo({ left: 0, top: 0 });
    setNotice(
      legible
        ? 'The whole chart is shown.'
        : `The whole chart does not fit here at a readable size; it is shown at the smallest readable zoom (${Math.round(k * 100)}%). Scroll or drag for the rest.`,
    );
  };

  // A new drawing (another machine, or the layered layout arriving) opens at 1:1 on the current state.
  const firstActive = drawing.states.find((state) => state.path !== '' && active.has(state.path) && !state.compound);
  useLayoutEffect(() => {
    setZoom(1);
    setNotice('');
    const el = viewport.current;
    if (el && firstActive) el.scrollTo?.({ left: Math.max(0, firstActive.x - 24), top: Math.max(0, firstActive.y - 24) });
    // Only when the drawing changes: following every state change would fight the user's scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawing]);

  // Ctrl/⌘ + wheel zooms at the pointer; a plain wheel scrolls the chart (and then the panel).
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const box = el.getBoundingClientRect();
      setNotice('');
      const factor = event.deltaY < 0 ? 1.15 : 1 / 1.15;
      setZoom((from) => {
        anchor.current = { cx: event.clientX - box.left, cy: event.clientY - box.top, from };
        return clampZoom(from * factor);
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const panBy = (dx: number, dy: number) => viewport.current?.scrollBy?.({ left: dx, top: dy });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 40;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(1.25),
      '=': () => zoomBy(1.25),
      '-': () => zoomBy(1 / 1.25),
      '0': fit,
      ArrowLeft: () => panBy(-step, 0),
      ArrowRight: () => panBy(step, 0),
      ArrowUp: () => panBy(0, -step),
      ArrowDown: () => panBy(0, step),
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Touch scrolls natively; the mouse drags the chart.
    if (event.button !== 0 || event.pointerType === 'touch') return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    panBy(start.x - event.clientX, start.y - event.clientY);
    drag.current = { ...start, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  const accepts = (from: string) => active.has(from);

  return (
    <div
      className={`chart-frame${full ? ' is-full' : ''}`}
      onKeyDown={(event) => {
        // Escape leaves the full-window chart first (the panel's own Escape closes the inspector).
        if (full && event.key === 'Escape') {
          event.stopPropagation();
          setFull(false);
        }
      }}
    >
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
        <button type="button" className="button" aria-pressed={full} onClick={() => setFull((on) => !on)}>
          Full window
        </button>
        <span className="inspector-note" aria-live="polite">
          {Math.round(zoom * 100)}%{drawing.engine === 'quick' && typeof Worker !== 'undefined' ? ' · laying out…' : ''}
        </span>
      </div>
      <p className="inspector-note chart-notice" role="status">
        {notice}
      </p>
      <div
        ref={viewport}
        className="chart-viewport"
        style={full ? undefined : { height: Math.min(VIEWPORT_H, Math.max(160, drawing.height * zoom + 18)) }}
        tabIndex={0}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <p id={hintId} className="visually-hidden">
          Drag, scroll or use the arrow keys to pan; plus and minus zoom; 0 fits the chart; Full window shows it over the page (Escape returns). Transitions the current state accepts are highlighted.
        </p>
        <svg role="group" aria-label={label} className="chart" width={Math.ceil(drawing.width * zoom)} height={Math.ceil(drawing.height * zoom)} viewBox={`0 0 ${drawing.width} ${drawing.height}`} data-engine={drawing.engine}>
          <defs>
            <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" />
            </marker>
            <marker id={acceptedMarkerId} className="chart-accepted-marker" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" />
            </marker>
          </defs>
          {/* States under the edges: a route that crosses a compound state stays visible. */}
          {drawing.states.map((state) => (
            <StateBox key={state.path} state={state} active={active} />
          ))}
          <g className="chart-edges" aria-hidden="true">
            {/* Accepted transitions last, so they are drawn over the others. */}
            {[...drawing.edges]
              .sort((a, b) => Number(accepts(a.from)) - Number(accepts(b.from)))
              .map(({ key, d, from }) => (
                <path key={key} d={d} className={accepts(from) ? 'is-accepted' : undefined} markerEnd={`url(#${accepts(from) ? acceptedMarkerId : markerId})`} />
              ))}
            {/* Labels only once ELK has placed them: the quick sketch has no room reserved for them. */}
            {drawing.engine === 'layered' &&
              drawing.edges.map(({ key, lines, labelBox, from }) => (
                <text key={key} className={accepts(from) ? 'is-accepted' : undefined} textAnchor="middle">
                  {lines.map((line, index) => (
                    <tspan key={index} x={labelBox.x + labelBox.w / 2} y={labelBox.y + (index + 1) * LABEL_H - 4}>
                      {line}
                    </tspan>
                  ))}
                </text>
              ))}
          </g>
        </svg>
      </div>
    </div>
  );
}
