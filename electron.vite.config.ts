import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { relative, sep } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const r = (p: string) => resolve(root, p);

/**
 * The gateway finds its files (locales, SSO page assets) with `new URL(rel, import.meta.url)`.
 * Bundled into out/main that base would be the bundle, not the source file; this rewrites
 * import.meta.url in src/gateway to the source file's URL under the app root at run time
 * (out/main/x.js and out/main/chunks/x.js both sit at a fixed depth below the root, also in
 * app.asar). The files themselves ship via electron-builder `files`.
 */
function gatewaySourceUrls(): Plugin {
  const gatewayDir = r('src/gateway') + sep;
  return {
    name: 'library:gateway-source-urls',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(gatewayDir) || !code.includes('import.meta.url')) return null;
      const rel = JSON.stringify(relative(root, file).split(sep).join('/'));
      const appRoot = "new URL(import.meta.url.includes('/out/main/chunks/') ? '../../../' : '../../', import.meta.url)";
      return { code: code.replaceAll('import.meta.url', `new URL(${rel}, ${appRoot}).href`), map: null };
    },
  };
}

export default defineConfig({
  // Main: the composition root and the embedded gateway's utility-process entry. `dependencies`
  // (fastify, serialport, node-hid, ...) stay external and ship in node_modules of the package;
  // native addons cannot be bundled anyway.
  main: {
    plugins: [gatewaySourceUrls()],
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
      rolldownOptions: {
        input: { index: r('src/renderer/index.html') },
      },
    },
  },
});
