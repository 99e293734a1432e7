// Entry of the embedded gateway's utility process (out/main/gateway-process.js). Thin glue: the
// message protocol lives in gateway/child-runner.ts, the server in src/gateway.
import { join } from 'node:path';
import { buildApp } from '../gateway/app.ts';
import { loadConfig, SSO_ASSETS_SUBDIR } from '../gateway/config.ts';
import { runGatewayChild, startOnFreePort, type ParentPortLike } from './gateway/child-runner.ts';

// The app root: this entry sits two levels below it both as source (src/main) and bundled
// (out/main, also inside app.asar). Locales and the SSO page's files ship there (electron-builder `files`).
const appRoot = join(import.meta.dirname, '../..');

const parentPort = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
if (!parentPort) throw new Error('gateway-process.ts runs only inside an Electron utility process');

runGatewayChild(parentPort, (msg) =>
  startOnFreePort(msg, async ({ host, port, dataDir, webRoot }) => {
    // The public URL is pinned to the loopback address: the SSO issuer must match the window's origin.
    const args = [
      '--host', host, '--port', String(port), '--data', dataDir, '--web', webRoot, '--public-url', `http://${host}:${port}`,
      '--locales', join(appRoot, 'locales'), '--sso-assets', join(appRoot, SSO_ASSETS_SUBDIR),
    ];
    // No API docs at a counter PC unless asked for (config.ts apiDocs).
    const app = await buildApp(loadConfig(args, { LIB_API_DOCS: '0', ...process.env }));
    try {
      await app.listen({ host, port });
    } catch (err) {
      await app.close();
      throw err;
    }
    return { port, close: () => app.close() };
  }),
);
