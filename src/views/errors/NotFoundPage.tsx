import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <section className="page error-page">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link href="/dashboard" className="button">
        Go to the dashboard
      </Link>
    </section>
  );
}
