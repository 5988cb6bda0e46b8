import { useEffect } from 'react';
import { LoadingState } from '../common/LoadingState';
import { useAuthPhase, useNavigate, usePortal } from '../PortalContext';

/** SPEC §4: logout clears tokens and user, sets guest and goes to /login (the auth machine does all). */
export default function LogoutPage() {
  const { auth } = usePortal();
  const phase = useAuthPhase();
  const { go } = useNavigate();
  useEffect(() => {
    if (phase === 'signedIn' || phase === 'unverified') auth.send({ type: 'auth.logout' });
    else if (phase === 'signedOut') go('/login', true);
  }, [auth, phase, go]);
  return <LoadingState label="Signing out…" />;
}
