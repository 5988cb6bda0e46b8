import { useEffect } from 'react';
import { reviewQueueSelectors as is } from '../../../machines/reviewQueue.api';
import { useReviewQueue, useReviewQueueState } from '../../actors/useReviewQueue';
import { useNavigate } from '../../PortalContext';
import { OperationError } from '../../common/OperationError';

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;

/**
 * "Next not evaluated" (issue 29's review queue): the first conversation of the conversations
 * list's own filters that nobody has evaluated. The key N does the same anywhere on the page
 * except while typing.
 */
export function NextNotEvaluated({ conversationId }: { conversationId: string }) {
  const queue = useReviewQueue();
  const navigate = useNavigate();
  const busy = useReviewQueueState(is.busy);
  const empty = useReviewQueueState(is.empty);
  const failed = useReviewQueueState(is.failed);
  const unavailable = useReviewQueueState(is.unavailable);
  const error = useReviewQueueState(is.error);

  useEffect(() => queue.onFound((next) => navigate.go(`/reporting/conversations/${encodeURIComponent(next)}`)), [queue, navigate]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'n' && event.key !== 'N') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      event.preventDefault();
      queue.next(conversationId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [queue, conversationId]);

  if (unavailable) return <p className="review-note">The review queue is not available on this server.</p>;
  return (
    <div className="review-queue">
      <button type="button" className="button" aria-keyshortcuts="N" disabled={busy} onClick={() => queue.next(conversationId)}>
        Next not evaluated <kbd aria-hidden="true">N</kbd>
      </button>
      <span role="status">{busy ? 'Finding the next conversation…' : empty ? 'Every conversation of the list’s filters is evaluated.' : ''}</span>
      {failed && <OperationError error={error} />}
    </div>
  );
}
