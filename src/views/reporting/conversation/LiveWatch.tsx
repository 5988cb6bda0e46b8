import './liveWatch.css';
import { useEffect, useRef } from 'react';
import type { Conversation } from '../../../api/schemas/reporting';
import { liveWatchSelectors } from '../../../machines/liveWatch.api';
import type { LiveWatchContext } from '../../../machines/liveWatch';
import { LoadingState } from '../../common/LoadingState';
import { useCan } from '../../PortalContext';
import { useLiveWatch, useLiveWatchState } from '../../actors/useLiveWatch';

const speaker = (role: string) => (role === 'bot' ? 'Bot' : role === 'user' ? 'Caller' : 'System');

const REFUSALS: Record<NonNullable<LiveWatchContext['refusal']>, string> = {
  forbidden: 'You may not watch this conversation live.',
  'not-found': 'This conversation cannot be watched live.',
  'not-live': 'This conversation is no longer live.',
  'too-many': 'You are watching too many conversations at once: leave one of them to watch this one.',
};

/**
 * A live conversation followed read-only by a supervisor (Live-Watch read; docs/live-watch.md):
 * what is said as it is said, the reply as it is typed, and the end when it ends (then the page
 * reloads the record, which is no longer live). Nothing for a conversation that is not live or a
 * user without the permission; one quiet note from a backend without the extension.
 */
export function LiveWatch({ conversation: c, onEnded }: { conversation: Conversation; onEnded: () => void }) {
  const mayWatch = useCan('Live-Watch', 'read');
  const live = c.status === 'active';
  const { watch, controls } = useLiveWatch();
  useEffect(() => {
    if (mayWatch && live) controls.start(c.uuid);
  }, [mayWatch, live, c.uuid, controls]);
  // Stopped when the page leaves this conversation, not when the record turns completed at the
  // end: the ended watch stays on screen.
  useEffect(() => () => controls.stop(), [c.uuid, controls]);

  const lines = useLiveWatchState(watch, liveWatchSelectors.lines);
  const typing = useLiveWatchState(watch, liveWatchSelectors.typing);
  const busy = useLiveWatchState(watch, liveWatchSelectors.busy);
  const watching = useLiveWatchState(watch, liveWatchSelectors.watching);
  const ended = useLiveWatchState(watch, liveWatchSelectors.ended);
  const lost = useLiveWatchState(watch, liveWatchSelectors.lost);
  const unavailable = useLiveWatchState(watch, liveWatchSelectors.unavailable);
  const refusal = useLiveWatchState(watch, (s) => (liveWatchSelectors.refused(s) ? liveWatchSelectors.refusal(s) : null));
  const ours = useLiveWatchState(watch, liveWatchSelectors.conversationId) === c.uuid;

  // The end: the record (status, length, transcript) is read again once.
  const reported = useRef(false);
  useEffect(() => {
    if (ended && ours && !reported.current) {
      reported.current = true;
      onEnded();
    }
    if (!ended) reported.current = false;
  }, [ended, ours, onEnded]);

  // Follow the newest line, as a chat does.
  const scroller = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = scroller.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lines.length, typing]);

  if (!mayWatch || !ours) return null;
  if (unavailable) return <p className="live-watch-note">Live watching is not available from this server.</p>;
  if (refusal) return <p className="live-watch-note">{REFUSALS[refusal]}</p>;
  if (!live && !ended) return null;
  const showing = watching || ended || lost;
  return (
    <section className="panel live-watch" aria-labelledby="live-watch-title">
      <div className="live-watch-heading">
        <h2 id="live-watch-title">{ended ? 'Conversation as it happened' : 'Watching live'}</h2>
        {!ended && <span className="live-badge">Live</span>}
        <span className="live-watch-mode">Read only</span>
      </div>
      {busy && <LoadingState label="Connecting to the live conversation…" />}
      <p role="status" className="live-watch-status">
        {ended ? 'This conversation has ended.' : lost ? 'The live view lost its connection.' : watching ? 'You see what is said as it is said; you cannot take part.' : ''}
      </p>
      {lost && <button type="button" className="button" onClick={() => controls.start(c.uuid)}>Watch again</button>}
      {showing && (
        <ol className="live-watch-lines" ref={scroller} role="log" aria-label="Live transcript" tabIndex={0}>
          {lines.map((line, index) => (
            <li key={index} data-role={line.role}>
              <span className="live-watch-speaker">{speaker(line.role)}</span>
              <span className="live-watch-text">{line.text}</span>
            </li>
          ))}
          {typing !== null && (
            <li data-role="bot" className="is-typing">
              <span className="live-watch-speaker">Bot</span>
              <span className="live-watch-text">{typing || 'is typing…'}</span>
            </li>
          )}
        </ol>
      )}
    </section>
  );
}
