import { useState } from 'react';
import type { MachineContext } from 'xstate';
import { redact } from './redact';
import type { Recorder } from './recorder';

/** Optional: mirror the system to Stately's hosted inspector (needs its page, stately.ai, to be reachable). */
export function StatelyButton({ recorder }: { recorder: Recorder }) {
  const [message, setMessage] = useState('');
  const [connected, setConnected] = useState(false);

  const open = async () => {
    setMessage('Loading the Stately inspector…');
    try {
      const { createBrowserInspector } = await import('@statelyai/inspect');
      const inspector = createBrowserInspector({
        autoStart: true,
        sanitizeEvent: (event) => redact(event) as typeof event,
        sanitizeContext: (context) => redact(context) as MachineContext,
      });
      // History first (from boot), then live: the same events our own log shows.
      for (const { event } of recorder.log) inspector.inspect.next?.(event);
      recorder.listen(({ event }) => inspector.inspect.next?.(event));
      setConnected(true);
      setMessage('Connected: the Stately inspector opened in a new window (allow pop-ups if it did not).');
    } catch (error) {
      setMessage(`The Stately inspector could not start: ${(error as Error).message}`);
    }
  };

  return (
    <section className="inspector-section" aria-label="Stately inspector">
      <button type="button" className="button" onClick={() => void open()} disabled={connected}>
        Open in Stately inspector
      </button>
      <p role="status" className="inspector-note">
        {message}
      </p>
    </section>
  );
}
