// Runs the desktop's bundled gateway entry (out/main/gateway-process.js) under plain Node, exactly
// as built: `node scripts/bench/utility-process-host.mjs <entry.js>`, spawned with an IPC channel.
// In the desktop, Electron's utilityProcess gives the entry `process.parentPort` (messages arrive
// as `{ data }`); here the same port is made from Node's IPC channel (process.send / 'message'),
// as src/main/gateway-process.test.ts fakes it. Nothing of the entry is replaced or rebuilt.
// Plain JavaScript on purpose: a .ts host would make Node load its TypeScript stripper, about
// 20 MB the desktop's gateway process never has, into the memory the benchmark reports.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = process.argv[2];
if (!entry || !process.send) {
  console.error('usage: spawn with an IPC channel: node scripts/bench/utility-process-host.mjs <out/main/gateway-process.js>');
  process.exit(2);
}
const send = process.send.bind(process);
process.parentPort = {
  on(event, listener) {
    if (event === 'message') process.on('message', (data) => listener({ data }));
    return this;
  },
  postMessage(message) {
    send(message);
  },
};
await import(pathToFileURL(resolve(entry)).href);
