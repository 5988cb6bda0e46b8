import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** index.html's theme script, as it names the file in public/. */
const THEME_TAG = '<script src="/theme.js"></script>';

/**
 * The theme script (public/theme.js: a classic, parser-blocking script that sets the theme before
 * the first paint) as a fingerprinted asset of the build, named so in index.html. Under its plain
 * name it was served `no-cache`, so every page load waited for a revalidation round trip before
 * the parser went on to the module scripts (measured on a warm record page: its scripts were in at
 * 82 ms instead of 46). Fingerprinted, it is cached like the other assets (any static host caches
 * `assets/`). The plain file is still copied from public/, so a page from before a deployment loads.
 */
export function fingerprintedThemeScript(publicDir = 'public'): Plugin {
  let reference: string | undefined;
  return {
    name: 'portal:fingerprinted-theme-script',
    apply: 'build',
    buildStart() {
      reference = this.emitFile({ type: 'asset', name: 'theme.js', source: readFileSync(path.join(publicDir, 'theme.js'), 'utf8') });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find((file) => file.type === 'asset' && (file.names ?? []).includes('theme.js'));
        if (!asset || !reference || !html.includes(THEME_TAG)) throw new Error('fingerprintedThemeScript: index.html no longer names /theme.js as expected');
        return html.replace(THEME_TAG, `<script src="/${asset.fileName}"></script>`);
      },
    },
  };
}
