import { useSelector } from '@xstate/react';
import { ConfirmDialog } from '../resources/ConfirmDialog';
import { usePortal } from '../PortalContext';
import { LEAVE_MESSAGE, useLeaveGuard } from './useLeaveGuard';

/**
 * Guards a form with unsaved changes and asks, in a focus-trapping dialog, when the user moves
 * away by a link, a Back button or the browser's Back.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { navigation } = usePortal();
  useLeaveGuard(dirty);
  const asking = useSelector(navigation, (s) => s.matches('asking'));
  if (!asking || !dirty) return null;
  return (
    <ConfirmDialog
      title="Leave this page?"
      message={LEAVE_MESSAGE}
      confirmLabel="Leave and lose changes"
      cancelLabel="Stay on this page"
      onConfirm={() => navigation.send({ type: 'navigation.leave' })}
      onCancel={() => navigation.send({ type: 'navigation.stay' })}
    />
  );
}
