import { INLINE_CONFIG_ID } from '../../src/inlineConfigId';

/**
 * The portal's runtime config written into its page (issue 16): boot reads it at once instead of
 * waiting for GET /config.json before its first call. The same public object /config.json serves
 * (nothing secret: a guest may read both). A static host of the build keeps serving only the file,
 * and the portal then asks for it (src/config.ts loadRuntimeConfig).
 */

/** index.html's hint for /config.json: the page that carries the config needs no request. */
const CONFIG_PRELOAD = /<link rel="preload" href="\/config\.json"[^>]*>\s*/;

/** JSON that cannot end its <script> element or be read as markup: `<`, `>`, `&` and JS line separators escaped. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function withInlineConfig(page: string, config: Record<string, unknown>): string {
  const element = `<script type="application/json" id="${INLINE_CONFIG_ID}">${scriptSafeJson(config)}</script>`;
  return page.replace(CONFIG_PRELOAD, '').replace('</head>', `${element}</head>`);
}
