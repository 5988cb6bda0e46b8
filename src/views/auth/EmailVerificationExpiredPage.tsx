import { Link } from 'wouter';

/** SPEC §5: reached when the server answers "Invalid/Expired url provided.". */
export default function EmailVerificationExpiredPage() {
  return (
    <section className="auth-card" aria-labelledby="expired-title">
      <h1 id="expired-title">Verification link expired</h1>
      <p role="alert">This verification link has expired or is not valid. Links are valid for 60 minutes and only for the address they were sent to.</p>
      <p>
        <Link href="/email-verification-request" className="button button-primary">
          Request a new verification link
        </Link>
      </p>
      <p className="auth-links">
        <Link href="/login">Back to sign in</Link>
      </p>
    </section>
  );
}
