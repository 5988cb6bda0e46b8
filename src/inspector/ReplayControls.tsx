import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { InspectedActor } from './actors';
import { redactedPaths } from './redact';
import { createReplayMachine } from './replayMachine';
import { parseWalk, type Walk } from './walk';

/** FileReader, not Blob.text(): the one that every browser (and jsdom) has. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/**
 * Replay a saved walk against this (fresh) portal. Redacted payload values (passwords) are asked
 * for here; a step whose value is left empty is skipped, and the result says so.
 */
export function ReplayControls({ resolveActor }: { resolveActor: (systemId: string) => InspectedActor | undefined }) {
  const [machine] = useState(() => createReplayMachine(resolveActor));
  const replay = useActorRef(machine);
  const state = useSelector(replay, (s) => s.value as string);
  const progress = useSelector(replay, (s) => s.context.progress);
  const result = useSelector(replay, (s) => s.context.result);
  const [walk, setWalk] = useState<Walk | null>(null);
  const [fileError, setFileError] = useState('');
  const [values, setValues] = useState<Record<number, Record<string, string>>>({});
  const fileId = useId();

  const load = async (file: File | undefined) => {
    setWalk(null);
    setValues({});
    setFileError('');
    if (!file) return;
    let text: string;
    try {
      text = await readText(file);
    } catch {
      setFileError('This file could not be read.');
      return;
    }
    const parsed = parseWalk(text);
    if (parsed.ok) setWalk(parsed.walk);
    else setFileError(parsed.error);
  };

  const prompts = walk ? walk.steps.flatMap((step, index) => redactedPaths(step.event).map((path) => ({ index, step, path: path.join('.') }))) : [];

  return (
    <section className="inspector-section" aria-labelledby={`${fileId}-h`}>
      <h3 id={`${fileId}-h`}>Replay walk…</h3>
      <p className="inspector-note">Open the portal fresh (signed out, with ?inspect), then choose a walk file saved from the event log.</p>
      <div className="field">
        <label htmlFor={fileId}>Walk file</label>
        <input id={fileId} type="file" accept="application/json,.json" onChange={(e) => void load(e.target.files?.[0])} aria-invalid={fileError !== ''} />
      </div>
      {fileError && (
        <p role="alert" className="alert alert-error">
          {fileError}
        </p>
      )}
      {walk && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            replay.send({ type: 'replay.start', walk, values });
          }}
        >
          <p>
            {walk.steps.length} step{walk.steps.length === 1 ? '' : 's'} for {[...new Set(walk.steps.map((s) => s.target))].join(', ') || 'no actor'}.
          </p>
          {prompts.map(({ index, step, path }) => {
            const id = `${fileId}-${index}-${path}`;
            return (
              <div className="field" key={id}>
                <label htmlFor={id}>
                  Step {index + 1} ({step.event.type}): value for redacted {path}
                </label>
                <input
                  id={id}
                  type={/pass|secret|token/i.test(path) ? 'password' : 'text'}
                  autoComplete="off"
                  value={values[index]?.[path] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [index]: { ...v[index], [path]: e.target.value } }))}
                />
              </div>
            );
          })}
          {prompts.length > 0 && <p className="inspector-note">A step whose redacted value is left empty is skipped.</p>}
          <div className="log-tools">
            <button type="submit" className="button button-primary" disabled={state === 'running'}>
              Replay walk
            </button>
            {state === 'running' && (
              <button type="button" className="button" onClick={() => replay.send({ type: 'replay.cancel' })}>
                Cancel replay
              </button>
            )}
          </div>
        </form>
      )}
      <div role="status" className="inspector-note">
        {state === 'running' && progress}
        {state === 'passed' && result?.ok && `Walk replayed: all ${result.steps} steps reached their recorded states.`}
      </div>
      {state === 'failed' && result && !result.ok && (
        <p role="alert" className="alert alert-error">
          {result.message}
        </p>
      )}
      {result && result.notes.length > 0 && (
        <ul className="inspector-notes" aria-label="Replay notes">
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
