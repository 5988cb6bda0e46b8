import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { RouteErrorBoundary } from '../../../src/views/errors/RouteErrorBoundary';
import { ChunkLoadError } from '../../../src/views/lazyView';

function Crash({ error }: { error: Error }): never {
  throw error;
}

test('a crashing view shows the error page with a retry, not a white screen', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <RouteErrorBoundary>
      <Crash error={new Error('boom')} />
    </RouteErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

test('a chunk that could not load says so and offers a retry', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <RouteErrorBoundary>
      <Crash error={new ChunkLoadError()} />
    </RouteErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
});

test('a view whose chunk arrives between render and effect still renders (no endless "Loading page…")', async () => {
  const { useViewReady } = await import('../../../src/views/lazyView');
  const { Suspense, lazy } = await import('react');
  let arrived = false;
  const module = { default: () => <h1>Loaded page</h1> };
  const view = Object.assign(
    lazy(async () => module),
    { isLoaded: () => arrived, warm: async () => module },
  );
  function Page() {
    const ready = useViewReady(view);
    // The chunk lands right after this render computed "not ready", before its effect runs.
    arrived = true;
    if (!ready) return <p>Loading page…</p>;
    const View = view;
    return (
      <Suspense fallback={<p>Suspended…</p>}>
        <View />
      </Suspense>
    );
  }
  render(<Page />);
  expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
});

test('a chunk that does not come (a route loader: the page actor cannot be opened) ends as failed, not as endless loading', async () => {
  const { useChunk } = await import('../../../src/views/lazyView');
  const chunk = { isLoaded: () => false, load: () => Promise.reject(new Error('network')) };
  function Page() {
    const { loaded, failed } = useChunk(chunk);
    if (failed) return <p>Could not load</p>;
    return <p>{loaded ? 'Loaded' : 'Loading page…'}</p>;
  }
  render(<Page />);
  expect(screen.getByText('Loading page…')).toBeInTheDocument();
  expect(await screen.findByText('Could not load')).toBeInTheDocument();
});
