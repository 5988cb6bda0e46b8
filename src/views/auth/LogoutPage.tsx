import { useEffect } from 'react';
import { LoadingState } from '../common/LoadingState';
import { useAuth } from '../actors/useAuth';
import { useAuthPhase, useNavigate } from '../PortalContext';

/** SPEC §4: logout clears tokens and user, sets guest and goes to /login (the auth machine does all). */
export default function LogoutPage() {
  const { signOut } = useAuth();
  const phase = useAuthPhase();
  const { go } = useNavigate();
  useEffect(() => {
    if (phase === 'signedIn' || phase === 'unverified') signOut();
    else if (phase === 'signedOut') go('/login', true);
  }, [signOut, phase, go]);
  return <LoadingState label="Signing out…" />;
}
