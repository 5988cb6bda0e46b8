import path from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** The entry a server draws a signed-in page's first screen with (src/serverRender.tsx). */
export const SERVER_RENDER_ENTRY = 'src/serverRender.tsx';
/** Where it is built, inside the portal's own build: server/http/serverRender.ts's SERVER_RENDER_DIR (it reads it there, and never serves it). */
const SERVER_RENDER_DIR = 'ssr';

/**
 * After the browser build, the same sources built once more for a server (Node): the bundle
 * src/serverRender.tsx draws with must be the portal the browser adopts, so every `vite build`
 * makes both, into one folder. Self-contained (its libraries inside, React's production build),
 * so it runs wherever the build is copied; no public files, no manifest, no source maps.
 */
export function serverRenderBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:server-render-bundle',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        mode: 'production',
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: SERVER_RENDER_ENTRY,
          outDir: path.join(config.build.outDir, SERVER_RENDER_DIR),
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          sourcemap: false,
          copyPublicDir: false,
          // Named by its content: a rebuild while a server runs is a new module to it, with its own chunks.
          rolldownOptions: { output: { entryFileNames: 'serverRender-[hash].js' } },
        },
      });
    },
  };
}
