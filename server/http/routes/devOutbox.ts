import { Router, type RequestHandler } from 'express';
import type { AppContext } from '../../context';
import { GLOBAL_LEVEL } from '../../auth/models';
import { can, permissionsOf } from '../../auth/permissions';
import { mailerFor } from '../../mail/mailer';
import { HttpError, unauthorized } from '../errors';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Mailed links are secrets (a reset link is the account): only someone who could reset any
 * password anyway, a level-9 user with Users edit, may read them here. Everyone else reads the
 * server's console, where every message is printed too.
 */
const administratorOnly: RequestHandler = (req, _res, next) => {
  if (!req.auth) return next(new HttpError(401, 'Sign in as an administrator to read the outbox; every message is also printed on the server console.'));
  next(can(permissionsOf(req), 'Users', 'edit', GLOBAL_LEVEL) ? undefined : unauthorized());
};

/**
 * The local outbox: every message the reference API "sent" without an SMTP server, as a page
 * for people (`GET /dev/outbox`) and as JSON (`GET /dev/outbox.json`), for administrators only.
 * Never in production.
 */
export function devOutboxRoutes(ctx: AppContext): Router {
  const router = Router();
  if (process.env.NODE_ENV === 'production') return router;

  router.get('/dev/outbox.json', administratorOnly, (_req, res) => {
    const mailer = mailerFor(ctx);
    res.json({ mode: mailer.mode, data: mailer.outbox.list() });
  });

  router.get('/dev/outbox', administratorOnly, (_req, res) => {
    const mailer = mailerFor(ctx);
    const messages = [...mailer.outbox.list()].reverse();
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
  <pre>${escapeHtml(m.text)}</pre>
  <ul>${m.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
</article>`,
      )
      .join('\n');
    const empty = mailer.mode === 'smtp' ? '<p>Mail goes to the SMTP server in SMTP_URL; nothing is kept here.</p>' : '<p>No messages yet.</p>';
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · Agent Portal</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head><body><main><h1>Outbox</h1><p>Messages sent by the reference API, newest first. Reload to see new ones.</p>
${items || empty}
</main></body></html>`);
  });

  return router;
}
