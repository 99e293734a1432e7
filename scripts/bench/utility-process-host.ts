// Runs the desktop's bundled gateway entry (out/main/gateway-process.js) under plain Node, exactly
// as built: `node scripts/bench/utility-process-host.ts <entry.js>`, spawned with an IPC channel.
// In the desktop, Electron's utilityProcess gives the entry `process.parentPort` (messages arrive
// as `{ data }`); here the same port is made from Node's IPC channel (process.send / 'message'),
// as src/main/gateway-process.test.ts fakes it. Nothing of the entry is replaced or rebuilt.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = process.argv[2];
if (!entry || !process.send) {
  console.error('usage: spawn with an IPC channel: node scripts/bench/utility-process-host.ts <out/main/gateway-process.js>');
  process.exit(2);
}
const send = process.send.bind(process);
(process as unknown as { parentPort: unknown }).parentPort = {
  on(event: 'message', listener: (e: { data: unknown }) => void) {
    if (event === 'message') process.on('message', (data) => listener({ data }));
    return this;
  },
  postMessage(message: unknown) {
    send(message as never);
  },
};
await import(pathToFileURL(resolve(entry)).href);
