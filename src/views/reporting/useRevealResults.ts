import { useEffect, useRef } from 'react';

/**
 * A drilldown's results appear below the figures: once they are loaded for a new choice, scroll
 * them into view and move focus to their heading, so choosing a count never looks like nothing
 * happened (and a screen reader hears where it landed). Give the heading tabIndex={-1}.
 */
export function useRevealResults(choice: string, ready: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!choice || !ready || revealed.current === choice) return;
    revealed.current = choice;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [choice, ready]);
  return heading;
}
