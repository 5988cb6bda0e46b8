import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether `box` is narrower than what it holds (it scrolls sideways), kept current as the window
 * or the content changes size. A box that scrolls must be reachable from the keyboard to be
 * scrolled; one that does not is no stop of its own.
 */
export function useScrollsSideways(box: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}
