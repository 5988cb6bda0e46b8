import { Link } from 'wouter';

export default function ForbiddenPage() {
  return (
    <section className="page error-page">
      <h1>Forbidden</h1>
      <p>Your account does not have permission to open this page. Ask an administrator if you need access.</p>
      <Link href="/dashboard" className="button">
        Go to the dashboard
      </Link>
    </section>
  );
}
