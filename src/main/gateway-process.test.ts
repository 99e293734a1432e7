import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FromGateway } from './gateway/protocol.ts';
import { authCalls } from '../shared/api/auth.ts';

// The real utility-process entry against the real gateway, with Electron's parentPort faked.
describe('gateway-process entry', () => {
  let dataDir = '';
  afterAll(() => (dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined));

  it('starts the gateway on a free loopback port, reports it, answers API calls and stops', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'gw-entry-'));
    const port = Object.assign(new EventEmitter(), { posted: [] as FromGateway[], postMessage(m: FromGateway) { port.posted.push(m); } });
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    (process as unknown as { parentPort: unknown }).parentPort = port;
    try {
      await import('./gateway-process.ts');
      port.emit('message', { data: { type: 'start', host: '127.0.0.1', port: 0, dataDir, webRoot: join(dataDir, 'no-web-build') } });
      await vi.waitFor(() => expect(port.posted[0]).toBeDefined(), { timeout: 20_000, interval: 50 });
      const ready = port.posted[0]!;
      expect(ready.type).toBe('ready');
      if (ready.type !== 'ready') return;
      const res = await fetch(`http://127.0.0.1:${ready.port}/micro/basic/v2/open/user/get`);
      expect(res.status).toBe(401); // the gateway answers (no token yet)
      // No API docs at a counter PC (config.ts apiDocs), and the calls answer as ever without
      // the route schemas that only fed the docs.
      expect((await fetch(`http://127.0.0.1:${ready.port}/micro/docs/json`)).status).toBe(404);
      const school = await fetch(`http://127.0.0.1:${ready.port}${authCalls.getSchoolByCode.path}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ SchoolCode: 'BJSY01' }),
      });
      expect(await school.json()).toMatchObject({ data: { SchoolCode: 'BJSY01', SchoolName: expect.any(String) } });
      port.emit('message', { data: { type: 'stop' } });
      await vi.waitFor(() => expect(port.posted.at(-1)).toEqual({ type: 'stopped' }), { timeout: 10_000 });
      expect(exit).toHaveBeenCalledWith(0);
    } finally {
      exit.mockRestore();
      delete (process as unknown as { parentPort?: unknown }).parentPort;
    }
  });
});
