import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../observability/report';
import { PageDrawn } from '../pageDrawn';

interface Props {
  children: ReactNode;
  /** A new value (the location) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/** Catches a crashed or unloadable view and shows the error page instead of a white screen. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, { componentStack: info.componentStack ?? undefined });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isChunk = error.name === 'ChunkLoadError';
    return (
      <section className="page error-page" role="alert">
        <h1>{isChunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
        <p>
          {isChunk
            ? 'The connection may have dropped or the portal was updated. Retrying loads it again.'
            : 'The page hit an unexpected problem. Your work elsewhere in the portal is safe.'}
        </p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Retry
        </button>
        {/* A page that failed is drawn too: Retry must take input (views/pageDrawn.ts). */}
        <PageDrawn />
      </section>
    );
  }
}
