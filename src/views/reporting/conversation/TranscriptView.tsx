import './transcript.css';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TranscriptLine } from '../../../api/schemas/reporting';
import { transcriptTimeToSeconds } from '../../../format/transcriptTime';
import { clockOf, lineSeconds, speakerOf } from './transcriptTimes';

const ESTIMATED_LINE_HEIGHT = 52;
const MAX_QUERY = 200;

/** The text with every case-insensitive occurrence of the query marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(query); at !== -1 && parts.length < 200; at = lower.indexOf(query, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + query.length)}</mark>);
    from = at + query.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

interface LineProps {
  line: TranscriptLine;
  index: number;
  speaking: boolean;
  focusable: boolean;
  query: string;
  onSeek: (index: number) => void;
}

/** One line: a button that seeks the recording to it. Memoised: playback re-renders two lines, not all. */
export const TranscriptLineButton = memo(function Line({ line, index, speaking, focusable, query, onSeek }: LineProps) {
  const seconds = lineSeconds(line.time);
  return (
    <button type="button" className="transcript-line" data-role={line.role} aria-current={speaking ? 'true' : undefined} tabIndex={focusable ? 0 : -1} data-line={index} onClick={() => onSeek(index)}>
      <span className="transcript-time">
        <time dateTime={`PT${transcriptTimeToSeconds(line.time)}S`}>{clockOf(seconds)}</time>
        <span className="transcript-seconds">{`${transcriptTimeToSeconds(line.time)} s`}</span>
      </span>
      <strong className="transcript-speaker">{speakerOf(line.role)}</strong>
      <span className="transcript-text"><Highlighted text={line.text} query={query} /></span>
      {line.ttfb_ms != null && <span className="transcript-ttfb">{`First byte after ${Math.round(line.ttfb_ms)} ms`}</span>}
    </button>
  );
});

/**
 * The transcript, virtualised: only the lines in view (and a few around them) are in the DOM, so
 * thousands of lines open and scroll smoothly. Clicking a line seeks there; the spoken line is
 * marked and kept in view while following (scrolling by hand pauses following); ArrowUp and
 * ArrowDown move between lines (and seek), Space plays and pauses; search jumps between matches.
 */
export function TranscriptView({ lines, speakingIndex = -1, following = false, onSeek, onFollowChange, onTogglePlay, initialHeight = 480, renderAside, jumpTo }: {
  lines: readonly TranscriptLine[];
  /** Beside a line (the review's latency, notes, "Pin note"): rendered for the lines in view only. */
  renderAside?: (line: TranscriptLine, index: number) => React.ReactNode;
  /** Bring a line into view and focus it (a jump from a note or a turn); `key` repeats a jump. */
  jumpTo?: { index: number; key: number } | null;
  speakingIndex?: number;
  following?: boolean;
  onSeek: (index: number) => void;
  onFollowChange?: (following: boolean) => void;
  onTogglePlay?: () => void;
  /** Height assumed before the scroll area is measured (tests, first paint). */
  initialHeight?: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const needle = query.trim().toLowerCase().slice(0, MAX_QUERY);
  const matches = useMemo(() => (needle ? lines.flatMap((line, i) => (line.text.toLowerCase().includes(needle) ? [i] : [])) : []), [lines, needle]);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_LINE_HEIGHT,
    overscan: 6,
    initialRect: { width: 640, height: initialHeight },
    // Scrolling moves the rendered lines by writing their transforms directly; React re-renders
    // only when the set of visible lines changes.
    directDomUpdates: true,
  });

  // Follow the spoken line while following.
  useEffect(() => {
    if (following && speakingIndex >= 0) virtualizer.scrollToIndex(speakingIndex, { align: 'center' });
  }, [following, speakingIndex, virtualizer]);

  // The line the keyboard is on: set at once by the arrows (focus follows a frame later) and by focus.
  const keyboardLine = useRef(0);
  const focusLine = (index: number) => {
    const target = Math.max(0, Math.min(lines.length - 1, index));
    keyboardLine.current = target;
    setFocusIndex(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // The line may only be rendered after the scroll: focus it on the next frame.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-line="${target}"]`)?.focus());
    return target;
  };

  // A jump asked from outside (a note, the slowest turn).
  useEffect(() => {
    if (jumpTo && jumpTo.index >= 0) {
      onFollowChange?.(false);
      focusLine(jumpTo.index);
    }
    // Only when a new jump is asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jumpTo?.key]);

  // Typing jumps to the first match (as a browser's find does); Enter then walks the others.
  useEffect(() => {
    const first = matches[0];
    if (first === undefined) return;
    virtualizer.scrollToIndex(first, { align: 'center' });
    onFollowChange?.(false);
    // Only when the query changes, not on every parent render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matches]);

  const jumpToMatch = (next: number) => {
    if (matches.length === 0) return;
    const wrapped = (next + matches.length) % matches.length;
    setMatchIndex(wrapped);
    onFollowChange?.(false);
    const line = matches[wrapped]!;
    setFocusIndex(line);
    virtualizer.scrollToIndex(line, { align: 'center' });
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const at = keyboardLine.current;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onSeek(focusLine(at + (event.key === 'ArrowDown' ? 1 : -1)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusLine(event.key === 'Home' ? 0 : lines.length - 1);
    } else if (event.key === ' ' && onTogglePlay) {
      event.preventDefault();
      onTogglePlay();
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      onFollowChange?.(false);
    }
  };

  const pauseFollowing = () => {
    if (following) onFollowChange?.(false);
  };

  if (lines.length === 0) return <p>This conversation has no transcript.</p>;
  const currentMatch = matches.length ? matches[Math.min(matchIndex, matches.length - 1)] : undefined;

  return (
    <div className="transcript-view">
      <div className="transcript-tools" role="search">
        <label htmlFor="transcript-search">Search the transcript</label>
        <input
          id="transcript-search"
          type="search"
          value={query}
          maxLength={MAX_QUERY}
          onChange={(event) => {
            setQuery(event.target.value);
            setMatchIndex(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              jumpToMatch(matchIndex + (event.shiftKey ? -1 : 1));
            }
          }}
        />
        <button type="button" className="button compact" aria-label="Previous match" title="Previous match (Shift+Enter)" disabled={matches.length === 0} onClick={() => jumpToMatch(matchIndex - 1)}>↑</button>
        <button type="button" className="button compact" aria-label="Next match" title="Next match (Enter)" disabled={matches.length === 0} onClick={() => jumpToMatch(matchIndex + 1)}>↓</button>
        <span role="status" className="transcript-matches">
          {needle ? (matches.length ? `Match ${Math.min(matchIndex, matches.length - 1) + 1} of ${matches.length}` : 'No matches') : `${lines.length} lines`}
        </span>
        {onFollowChange && (
          <label className="transcript-follow">
            <input type="checkbox" checked={following} onChange={(event) => onFollowChange(event.target.checked)} />
            Follow playback
          </label>
        )}
      </div>
      <div
        ref={scroller}
        className="transcript-scroll"
        tabIndex={-1}
        aria-label="Transcript"
        role="region"
        onWheel={pauseFollowing}
        onTouchMove={pauseFollowing}
      >
        <ol
          ref={virtualizer.containerRef}
          className="transcript-lines"
          onKeyDown={onListKeyDown}
          onFocus={(event) => {
            const line = (event.target as HTMLElement).dataset.line;
            if (line !== undefined) keyboardLine.current = Number(line);
          }} aria-label="Transcript lines">
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index]!;
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className={item.index === currentMatch ? 'is-match' : undefined}
                aria-setsize={lines.length}
                aria-posinset={item.index + 1}
              >
                <TranscriptLineButton line={line} index={item.index} speaking={item.index === speakingIndex} focusable={item.index === focusIndex} query={needle} onSeek={onSeek} />
                {renderAside?.(line, item.index)}
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
