import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort, runGatewayChild, startOnFreePort, type ParentPortLike, type RunningGateway } from './child-runner.ts';
import type { FromGateway, StartMessage } from './protocol.ts';

function fakeParentPort() {
  let listener: ((e: { data: unknown }) => void) | null = null;
  const posted: FromGateway[] = [];
  const port: ParentPortLike = {
    on: (_e, l) => (listener = l),
    postMessage: (m) => posted.push(m),
  };
  return { port, posted, send: (data: unknown) => listener!({ data }) };
}
const tick = () => new Promise((r) => setTimeout(r, 5));
const startMsg: StartMessage = { type: 'start', host: '127.0.0.1', port: 0, dataDir: '/d', webRoot: '/w' };

describe('gateway child process', () => {
  it('starts on the start message and reports the bound port', async () => {
    const { port, posted, send } = fakeParentPort();
    const starts: StartMessage[] = [];
    runGatewayChild(port, async (m) => (starts.push(m), { port: 43210, close: async () => {} }), () => {});
    send({ type: 'bogus' });
    send('garbage');
    send(startMsg);
    send(startMsg); // a duplicate start is ignored
    await tick();
    expect(starts).toEqual([startMsg]);
    expect(posted).toEqual([{ type: 'ready', port: 43210 }]);
  });

  it('reports a start failure and exits 1', async () => {
    const { port, posted, send } = fakeParentPort();
    const exits: number[] = [];
    runGatewayChild(port, async () => { throw new Error('EACCES data dir'); }, (c) => exits.push(c));
    send(startMsg);
    await tick();
    expect(posted).toEqual([{ type: 'error', message: 'EACCES data dir' }]);
    expect(exits).toEqual([1]);
  });

  it('closes the server on stop and exits 0', async () => {
    const { port, posted, send } = fakeParentPort();
    let closed = false;
    const exits: number[] = [];
    runGatewayChild(port, async () => ({ port: 1, close: async () => { closed = true; } }), (c) => exits.push(c));
    send(startMsg);
    await tick();
    send({ type: 'stop' });
    await tick();
    expect(closed).toBe(true);
    expect(posted.at(-1)).toEqual({ type: 'stopped' });
    expect(exits).toEqual([0]);
  });

  it('finds a free loopback port', async () => {
    const p = await findFreePort('127.0.0.1');
    expect(p).toBeGreaterThan(0);
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(p, '127.0.0.1', r));
    srv.close();
  });

  it('retries on EADDRINUSE with another port, passes other errors through', async () => {
    const ports = [4001, 4002];
    const tried: number[] = [];
    const gw = await startOnFreePort(startMsg, async (m): Promise<RunningGateway> => {
      tried.push(m.port);
      if (m.port === 4001) throw Object.assign(new Error('in use'), { code: 'EADDRINUSE' });
      return { port: m.port, close: async () => {} };
    }, async () => ports.shift()!);
    expect(tried).toEqual([4001, 4002]);
    expect(gw.port).toBe(4002);
    await expect(startOnFreePort(startMsg, async () => { throw new Error('bad config'); }, async () => 5000)).rejects.toThrow('bad config');
  });
});
