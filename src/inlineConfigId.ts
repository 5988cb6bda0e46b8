/**
 * The id of the element in which a server may put the runtime config (server/http/inlineConfig.ts),
 * read by boot (src/config.ts). Its own module so the server imports it without the browser code.
 */
export const INLINE_CONFIG_ID = 'portal-config';
