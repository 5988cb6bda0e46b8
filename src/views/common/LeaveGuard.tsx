import { ConfirmDialog } from '../resources/ConfirmDialog';
import { navigationSelectors } from '../../machines/navigation.api';
import { useNavigation, useNavigationState } from '../actors/useNavigation';
import { LEAVE_MESSAGE, useLeaveGuard } from './useLeaveGuard';

/**
 * Guards a form with unsaved changes and asks, in a focus-trapping dialog, when the user moves
 * away by a link, a Back button or the browser's Back.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const navigation = useNavigation();
  useLeaveGuard(dirty);
  const asking = useNavigationState(navigationSelectors.asking);
  if (!asking || !dirty) return null;
  return (
    <ConfirmDialog
      title="Leave this page?"
      message={LEAVE_MESSAGE}
      confirmLabel="Leave and lose changes"
      cancelLabel="Stay on this page"
      onConfirm={navigation.leave}
      onCancel={navigation.stay}
    />
  );
}
