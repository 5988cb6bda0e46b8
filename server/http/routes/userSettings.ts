import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../auth/authenticate';
import { nowIso } from '../../db/connection';
import { sendVerificationMail } from '../../mail/messages';
import { sendRecord } from '../record';
import { booleanish, validateBody } from '../validation';
import { assertCurrentPassword, assertEmailFree, changeEmail, emailField, userPayload } from './accountShared';
import { changePassword } from './profile';

/**
 * The settings payload (SPEC: "payloads not shown"; decided here):
 * `{theme_color: "#rrggbb" | null, timezone: IANA name, notifications: {product_updates, weekly_summary},
 *   appearance: "system" | "light" | "dark", list_views: {<list>: {views: [...], default: name | null}}}`
 * (the last two from issue 30; docs/user-settings.md). POST accepts any subset and answers with the
 * whole settings; `list_views` is replaced as a whole.
 */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const shortText = z.string().trim().min(1).max(80);
/** One saved view of a list: its name, the list's query (filters, sort, page size) and visible columns in order. */
const savedViewSchema = z.object({
  name: shortText,
  query: z.record(z.string().max(64), z.string().max(500)).refine((q) => Object.keys(q).length <= 40, 'A view keeps at most 40 query values.'),
  columns: z.array(z.string().max(64)).max(60).nullable().optional(),
});
/** Saved views per list (keyed by the list, e.g. `contacts`): bounded so one user cannot fill the database. */
const listViewsSchema = z
  .record(z.string().max(64), z.object({ views: z.array(savedViewSchema).max(30), default: shortText.nullable().optional() }))
  .refine((lists) => Object.keys(lists).length <= 60, 'At most 60 lists keep views.');

const settingsSchema = z.object({
  theme_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .optional(),
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'The selected timezone is invalid.' })
    .optional(),
  notifications: z.object({ product_updates: booleanish.optional(), weekly_summary: booleanish.optional() }).optional(),
  appearance: z.enum(['system', 'light', 'dark']).optional(),
  list_views: listViewsSchema.optional(),
});

const changeEmailSchema = z.object({ email: emailField(), password: z.string().min(1).max(1024) });

interface SettingsRow {
  appearance: string;
  list_views: string | null;
  timezone: string;
  notify_product_updates: number;
  notify_weekly_summary: number;
}

function readSettings(ctx: AppContext, userId: number) {
  ctx.db.prepare('INSERT OR IGNORE INTO user_settings (user_id) VALUES (?)').run(userId);
  const row = ctx.db.prepare('SELECT timezone, notify_product_updates, notify_weekly_summary, appearance, list_views FROM user_settings WHERE user_id = ?').get(userId) as SettingsRow;
  const user = ctx.db.prepare('SELECT theme_color FROM users WHERE id = ?').get(userId) as { theme_color: string | null };
  return {
    theme_color: user.theme_color,
    timezone: row.timezone,
    notifications: { product_updates: row.notify_product_updates === 1, weekly_summary: row.notify_weekly_summary === 1 },
    appearance: row.appearance,
    list_views: row.list_views ? (JSON.parse(row.list_views) as unknown) : {},
  };
}

/** `/api/v1/user/*` calls of the settings page (signed in and verified). */
export function userSettingsRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/user/settings', (req, res) => {
    sendRecord(res, readSettings(ctx, currentUser(req).id));
  });

  router.post('/user/settings', (req, res) => {
    const userId = currentUser(req).id;
    const input = validateBody(req, settingsSchema);
    const current = readSettings(ctx, userId);
    const now = nowIso();
    ctx.db.transaction(() => {
      if (input.theme_color !== undefined) {
        // Stored on the user: the sign-in payload carries it, so the next sign-in applies it.
        ctx.db.prepare('UPDATE users SET theme_color = ?, updated_at = ? WHERE id = ?').run(input.theme_color?.toLowerCase() ?? null, now, userId);
      }
      ctx.db
        .prepare('UPDATE user_settings SET timezone = ?, notify_product_updates = ?, notify_weekly_summary = ?, updated_at = ? WHERE user_id = ?')
        .run(
          input.timezone ?? current.timezone,
          +(input.notifications?.product_updates ?? current.notifications.product_updates),
          +(input.notifications?.weekly_summary ?? current.notifications.weekly_summary),
          now,
          userId,
        );
      if (input.appearance !== undefined) ctx.db.prepare('UPDATE user_settings SET appearance = ? WHERE user_id = ?').run(input.appearance, userId);
      if (input.list_views !== undefined) ctx.db.prepare('UPDATE user_settings SET list_views = ? WHERE user_id = ?').run(JSON.stringify(input.list_views), userId);
    })();
    sendRecord(res, readSettings(ctx, userId));
  });

  router.post('/user/change-email', async (req, res) => {
    const user = currentUser(req);
    const input = validateBody(req, changeEmailSchema);
    await assertCurrentPassword(ctx, user.id, input.password, 'password');
    assertEmailFree(ctx, input.email, user.id);
    if (input.email.toLowerCase() !== user.email.toLowerCase()) {
      changeEmail(ctx, user.id, input.email);
      sendVerificationMail(ctx, { id: user.id, email: input.email }, '/settings');
    }
    sendRecord(res, userPayload(ctx, user.id));
  });

  router.post('/user/change-password', async (req, res) => {
    await changePassword(ctx, req);
    res.status(200).json({ message: 'Your password has been updated.' });
  });

  return router;
}
