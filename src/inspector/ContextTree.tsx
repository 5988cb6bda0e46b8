import { redact } from './redact';

function Value({ name, value, open = false }: { name: string; value: unknown; open?: boolean }) {
  if (value === null || typeof value !== 'object') {
    return (
      <li>
        <span className="ctx-key">{name}</span>: <span className="ctx-value">{value === undefined ? 'undefined' : JSON.stringify(value)}</span>
      </li>
    );
  }
  const entries = Object.entries(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <li>
      <details open={open}>
        <summary>
          <span className="ctx-key">{name}</span> <span className="ctx-count">{summary}</span>
        </summary>
        <ul>
          {entries.map(([key, item]) => (
            <Value key={key} name={key} value={item} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** An actor's context as a collapsible tree; secret values (passwords, tokens) are redacted. */
export function ContextTree({ context }: { context: unknown }) {
  return (
    <ul className="ctx-tree" aria-label="Context">
      <Value name="context" value={redact(context)} open />
    </ul>
  );
}
