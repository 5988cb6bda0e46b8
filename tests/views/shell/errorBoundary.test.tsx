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
