import * as Sentry from '@sentry/react';

export function addReplay(): void {
  Sentry.addIntegration(Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }));
}
