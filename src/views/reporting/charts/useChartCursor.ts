import { useState, type KeyboardEvent } from 'react';

/**
 * The point a chart's tooltip shows: set by the pointer on hover and by the keyboard while the
 * chart has focus (arrows, Home, End; Enter follows the point's drilldown). One tab stop per chart.
 */
export function useChartCursor(count: number, onActivate?: (index: number) => void) {
  const [active, setActive] = useState<number | null>(null);
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  const onKeyDown = (event: KeyboardEvent) => {
    if (count === 0) return;
    const current = active ?? -1;
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(clamp(next));
    } else if ((event.key === 'Enter' || event.key === ' ') && active !== null && onActivate) {
      event.preventDefault();
      onActivate(active);
    } else if (event.key === 'Escape') {
      setActive(null);
    }
  };
  return {
    active: active !== null && active < count ? active : null,
    setActive,
    handlers: {
      onKeyDown,
      onFocus: () => setActive((i) => i ?? 0),
      onBlur: () => setActive(null),
      onMouseLeave: () => setActive(null),
    },
  };
}
