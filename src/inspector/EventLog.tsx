import { useId, useState } from 'react';
import { saveFile } from '../machines/saveFile';
import { formatValue } from './actors';
import { plainEventName } from './plainNames';
import { redact } from './redact';
import type { LogEntry } from './store';
import { walkFromLog } from './walk';

const SHOWN = 300;

function time(at: number): string {
  const d = new Date(at);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function payloadText(event: LogEntry['event']): string {
  const { type: _type, ...rest } = redact(event) as Record<string, unknown>;
  const text = Object.keys(rest).length > 0 ? JSON.stringify(rest) : '';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Every event with time, source, target and resulting state; filter by actor; save the walk. */
export function EventLog({ log, actorNames }: { log: LogEntry[]; actorNames: string[] }) {
  const [filter, setFilter] = useState('');
  const [saved, setSaved] = useState('');
  const filterId = useId();
  const rows = (filter ? log.filter((entry) => entry.target === filter || entry.source === filter) : log).slice(-SHOWN);
  const filteredSystemId = filter && log.some((entry) => entry.targetSystemId === filter) ? filter : undefined;

  const save = () => {
    const walk = walkFromLog(log, filteredSystemId);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    saveFile({ blob: new Blob([JSON.stringify(walk, null, 2)], { type: 'application/json' }), filename: `walk-${stamp}.json` });
    setSaved(`Saved a walk of ${walk.steps.length} step${walk.steps.length === 1 ? '' : 's'}.`);
  };

  return (
    <section className="inspector-section" aria-labelledby={`${filterId}-h`}>
      <h3 id={`${filterId}-h`}>Event log</h3>
      <div className="log-tools">
        <div className="field field-inline">
          <label htmlFor={filterId}>Show events of</label>
          <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value)}>
            <option value="">All actors</option>
            {actorNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={save}>
          Save walk
        </button>
      </div>
      <p role="status" className="inspector-note">
        {saved}
      </p>
      {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
      <div className="log-scroll" tabIndex={0} role="region" aria-label="Event log entries">
        <table className="event-log">
          <colgroup>
            <col className="event-log-time" />
            <col className="event-log-actor" />
            <col className="event-log-actor" />
            <col />
            <col className="event-log-state" />
          </colgroup>
          <caption className="visually-hidden">Events{filter ? ` of ${filter}` : ''}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Source</th>
              <th scope="col">Target</th>
              <th scope="col">Event</th>
              <th scope="col">Resulting state</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.seq} data-external={entry.external || undefined}>
                <td>{time(entry.at)}</td>
                <td>{entry.source}</td>
                <td>{entry.target}</td>
                <td>
                  {plainEventName(entry.event.type, entry.target) === entry.event.type ? <code>{entry.event.type}</code> : <span title={entry.event.type}>{plainEventName(entry.event.type, entry.target)}</span>}{' '}
                  <span className="log-payload">{payloadText(entry.event)}</span>
                </td>
                <td>{entry.state === undefined ? '' : formatValue(entry.state)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
