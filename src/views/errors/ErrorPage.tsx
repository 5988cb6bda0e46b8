import { Link } from 'wouter';

export default function ErrorPage() {
  return (
    <section className="page error-page">
      <h1>Something went wrong</h1>
      <p>The portal hit an unexpected problem. Try again, or go back to the dashboard.</p>
      <Link href="/dashboard" className="button">
        Go to the dashboard
      </Link>
    </section>
  );
}
