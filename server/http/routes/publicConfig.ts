import { Router } from 'express';
import type { AppContext } from '../../context';

/** GET /config.json: the portal's runtime configuration (DESIGN §5), read once at boot. */
export function publicConfigRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/config.json', (_req, res) => {
    // Never cached: changing PORTAL_CONFIG and restarting must reach browsers at once.
    res.setHeader('Cache-Control', 'no-store');
    res.json(ctx.publicConfig);
  });
  return router;
}
