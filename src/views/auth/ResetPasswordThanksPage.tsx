import { Link } from 'wouter';

export default function ResetPasswordThanksPage() {
  return (
    <section className="auth-card" aria-labelledby="reset-thanks-title">
      <h1 id="reset-thanks-title">Password reset</h1>
      <p role="status">Your password has been reset. Every session that used the old password has been signed out.</p>
      <p>
        <Link href="/login" className="button button-primary">
          Sign in with your new password
        </Link>
      </p>
    </section>
  );
}
