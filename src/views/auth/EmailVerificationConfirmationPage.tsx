import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { LoadingState } from '../common/LoadingState';
import { useFlow } from '../useFlow';
import { OperationError } from '../common/OperationError';
import { usePortal } from '../PortalContext';
import { verificationPathFrom } from '../../machines/account/emailVerification';
import { confirmEmailApi, confirmEmailSelectors } from '../../machines/account/emailVerification.api';
import { useActorApi } from '../actors/useActorApi';
import { useQueryParam } from './useQueryParam';
import './account.css';

/** Opened from the mailed link: follows the signed URL in `?url=`, then continues to `?redirect=`. */
export default function EmailVerificationConfirmationPage() {
  const { config } = usePortal();
  const rawUrl = useQueryParam('url');
  const redirect = useQueryParam('redirect');
  const path = useMemo(() => {
    const origins = [config.apiOrigin, typeof window === 'undefined' ? '' : window.location.origin].filter(Boolean).map((o) => o.replace(/\/$/, ''));
    return verificationPathFrom(rawUrl, origins);
  }, [rawUrl, config.apiOrigin]);
  const flow = useFlow('confirmEmail', { path, redirect });
  const confirm = useActorApi(flow, confirmEmailApi);
  const failed = useSelector(flow, confirmEmailSelectors.failed);
  const error = useSelector(flow, confirmEmailSelectors.error);
  const verified = useSelector(flow, confirmEmailSelectors.verified);

  return (
    <section className="auth-card" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Confirming your email</h1>
      {failed ? (
        <>
          <OperationError error={error} onRetry={path ? confirm.retry : undefined} />
          <p className="auth-links">
            <Link href="/email-verification-request">Request a new verification link</Link>
          </p>
        </>
      ) : (
        <LoadingState label={verified ? 'Your email address is verified. Continuing…' : 'Verifying your email address…'} />
      )}
    </section>
  );
}
