import { mkdirSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { createServer } from 'node:net';

// V8's on-disk code cache roughly halves module loading on later starts (Fastify, Kysely,
// oidc-provider, the contract); it must be on before those modules are imported below.
enableCompileCache();
const { buildApp } = await import('./app.ts');
const { loadConfig } = await import('./config.ts');

// `node src/gateway/server.ts [--port N] [--host H] [--data DIR] [--web DIR]`: builds the gateway,
// listens, and prints one line with the web app address, the data folder and the start time.
// performance.now() counts from process start, so the figure includes loading the modules.

/** Port 0 means "any free port"; pick it before building so the SSO issuer carries the real port. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function main(): Promise<void> {
  let config = loadConfig();
  const explicitPublicUrl = Boolean(process.env.LIB_PUBLIC_URL) || process.argv.includes('--public-url');
  if (config.port === 0) {
    const port = await freePort(config.host);
    config = { ...config, port, publicUrl: explicitPublicUrl ? config.publicUrl : `http://${config.host}:${port}` };
  }
  mkdirSync(config.dataDir, { recursive: true });

  let seeded = '';
  const app = await buildApp(config, {
    onSeed: (r) => {
      seeded = ` (seeded demo data in ${Math.round(r.dataMs)} ms + ${Math.round(r.hashWaitMs)} ms password hashes)`;
    },
  });
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(
    `Library gateway: http://${shownHost}:${port}/library/  data: ${config.dataDir}  started in ${Math.round(performance.now())} ms${seeded}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`gateway: error while closing after ${signal}:`, err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('gateway: failed to start:', err);
  process.exit(1);
});
