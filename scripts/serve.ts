// `npm run serve`: builds the web app (unless --no-build) and runs the gateway with it, for a
// whole school at http://127.0.0.1:<port>/library/. Flags after `--` go to the gateway
// (--port, --data, --host, --web); environment variables work too (README, "Configuration").
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const gatewayArgs = args.filter((a) => a !== '--no-build');

if (!noBuild) {
  const r = spawnSync(process.execPath, [`${root}node_modules/electron-vite/bin/electron-vite.js`, 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) {
    console.error('serve: the web build failed (see above)');
    process.exit(r.status ?? 1);
  }
}

process.argv = [process.argv[0]!, `${root}src/gateway/server.ts`, ...gatewayArgs];
await import('../src/gateway/server.ts');
