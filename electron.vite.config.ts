import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const r = (p: string) => resolve(root, p);
/**
 * Modules of the renderer's api layer, bundled as one chunk (see the renderer's codeSplitting).
 * None the entry imports statically: those would bring the chunk into every first load.
 */
const API_LAYER = /node_modules[\\/](zod|ky)[\\/]|src[\\/]shared[\\/]api[\\/](contract|envelope|paging|auth|session|translation)\.ts$|src[\\/]shared[\\/]domain[\\/](fields|issue-messages|identities|validation-rules)\.ts$|src[\\/]renderer[\\/]lib[\\/](api-client|refresh-queue|auth-flow|workstation|oidc)\.ts$/;

export default defineConfig({
  // Main: the composition root and the embedded gateway's utility-process entry. `dependencies`
  // (fastify, serialport, node-hid, ...) stay external and ship in node_modules of the package;
  // native addons cannot be bundled anyway. The gateway's files (locales, SSO page assets) are
  // found through its config, which gateway-process.ts fills in from the app root.
  main: {
    build: {
      outDir: r('out/main'),
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: r('src/main/index.ts'),
          'gateway-process': r('src/main/gateway-process.ts'),
        },
      },
    },
  },
  // Preloads run sandboxed: they cannot be ESM and cannot require sibling chunks, so each one is
  // a single self-contained CJS file (isolated entries, nothing externalized but electron).
  preload: {
    build: {
      outDir: r('out/preload'),
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: {
          admin: r('src/preload/admin.ts'),
          guide: r('src/preload/guide.ts'),
        },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // Renderer: the React app, served by the gateway under /library/ (hence relative base). It
  // bundles everything; locales come from <root>/locales through the @locales alias.
  renderer: {
    root: r('src/renderer'),
    base: './',
    plugins: [react()],
    resolve: {
      alias: { '@locales': r('locales') },
    },
    server: {
      fs: { allow: [root] },
    },
    build: {
      outDir: r('out/renderer'),
      emptyOutDir: true,
      minify: true,
      // .vite/manifest.json: which chunks a route pulls in, for the portal's first-load figure
      // (scripts/bench/web-bundle.ts). Dot-directories are not served.
      manifest: true,
      rolldownOptions: {
        input: { index: r('src/renderer/index.html') },
        // Everything the entry loads statically in one chunk: left to itself the bundler cuts it into
        // a dozen shared pieces (the lazy screens use them too), and each file is compressed on its
        // own: 9 kB gzip more for the same code. Lazy screens import from this chunk instead.
        // The api layer (zod, ky, the contract's core and the client) is no part of the entry (the
        // portal paints without it) but is one chunk too: in pieces, a staff screen waited for a
        // dozen small files before its first call.
        output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }, { name: 'api', test: API_LAYER, includeDependenciesRecursively: false }] } },
      },
    },
  },
});
