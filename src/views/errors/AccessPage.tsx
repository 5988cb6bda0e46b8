import { Link } from 'wouter';

export default function AccessPage() {
  return (
    <section className="page error-page">
      <h1>No access</h1>
      <p>Your account has no access to the portal yet. An administrator must grant you a role first.</p>
      <Link href="/logout" className="button">
        Sign out
      </Link>
    </section>
  );
}
