import { useId, useState } from 'react';
import { actorLabel, type InspectedActor } from './actors';
import { acceptedEvents, parsePayload } from './walk';

/** Walk: the events the actor's current state accepts, as buttons; the payload goes with the event. */
export function WalkControls({ actor }: { actor: InspectedActor }) {
  const [text, setText] = useState('');
  const [sent, setSent] = useState('');
  const payloadId = useId();
  const errorId = useId();
  const events = acceptedEvents(actor);
  const parsed = parsePayload(text);
  const name = actorLabel(actor);

  const send = (type: string) => {
    if (!parsed.ok) return;
    actor.send({ ...parsed.payload, type });
    setSent(`Sent ${type} to ${name}.`);
  };

  return (
    <section className="inspector-section" aria-labelledby={`${payloadId}-h`}>
      <h3 id={`${payloadId}-h`}>Walk</h3>
      {events.length === 0 ? (
        <p>{name} accepts no events in this state.</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={payloadId}>Payload (JSON object, optional)</label>
            <textarea id={payloadId} rows={3} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} aria-invalid={!parsed.ok} aria-describedby={parsed.ok ? undefined : errorId} placeholder='{"to": "/users"}' />
            {!parsed.ok && (
              <span id={errorId} className="field-error">
                {parsed.error}
              </span>
            )}
          </div>
          <div className="walk-buttons" role="group" aria-label={`Events ${name} accepts`}>
            {events.map((type) => (
              <button key={type} type="button" className="button" disabled={!parsed.ok} onClick={() => send(type)}>
                {type}
              </button>
            ))}
          </div>
        </>
      )}
      <p role="status" className="inspector-note">
        {sent}
      </p>
    </section>
  );
}
