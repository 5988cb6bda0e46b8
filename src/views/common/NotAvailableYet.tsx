import type { RouteViewProps } from '../../route';

/** An honest placeholder: the route and its permission check are real, the screen is not built yet. */
export default function NotAvailableYet({ route }: RouteViewProps) {
  return (
    <section className="page">
      <h1>{route.title}</h1>
      <p className="notice" role="status">
        This page is not available yet. It is part of the portal's plan and will arrive in a later release.
      </p>
    </section>
  );
}
