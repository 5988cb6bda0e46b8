import type { ReactNode } from 'react';
import type { OperationView } from '../../common/useOperation';
import { OperationError } from '../../common/OperationError';

/** A titled panel for one or more actions, with each action's outcome announced. */
export function ActionPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function Outcome({ op, success }: { op: OperationView; success: string }) {
  return (
    <>
      <p role="status">{op.succeeded ? success : ''}</p>
      <OperationError error={op.failed ? op.error : null} />
    </>
  );
}
