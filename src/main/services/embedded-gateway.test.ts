import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EmbeddedGateway, type GatewayChild } from './embedded-gateway.ts';
import type { ToGateway } from '../gateway/protocol.ts';

class FakeChild extends EventEmitter implements GatewayChild {
  sent: ToGateway[] = [];
  killed = false;
  readonly behave: (c: FakeChild, msg: ToGateway) => void;
  constructor(behave: (c: FakeChild, msg: ToGateway) => void) {
    super();
    this.behave = behave;
  }
  postMessage(m: ToGateway) {
    this.sent.push(m);
    queueMicrotask(() => this.behave(this, m));
  }
  kill() {
    this.killed = true;
    queueMicrotask(() => this.emit('exit', 1));
    return true;
  }
}

/** A gateway child that answers start with ready on the next port of the list, stop with exit. */
function forker(ports: number[], opts: { silent?: boolean; error?: string } = {}) {
  const children: FakeChild[] = [];
  const fork = () => {
    const port = ports.shift() ?? 0;
    const c = new FakeChild((child, msg) => {
      if (msg.type === 'start') {
        if (opts.error) child.emit('message', { type: 'error', message: opts.error });
        else if (!opts.silent) child.emit('message', { type: 'ready', port });
      } else {
        child.emit('message', { type: 'stopped' });
        child.emit('exit', 0);
      }
    });
    children.push(c);
    return c;
  };
  return { fork, children };
}

const base = { dataDir: '/data/gw', webRoot: '/app/out/renderer' };

describe('embedded gateway launcher', () => {
  it('sends the start message and resolves with the loopback origin once ready', async () => {
    const { fork, children } = forker([51234]);
    const gw = new EmbeddedGateway({ ...base, fork });
    expect(await gw.start()).toBe('http://127.0.0.1:51234');
    expect(gw.url()).toBe('http://127.0.0.1:51234');
    expect(children[0]!.sent[0]).toEqual({ type: 'start', host: '127.0.0.1', port: 0, dataDir: '/data/gw', webRoot: '/app/out/renderer' });
    expect(await gw.start()).toBe('http://127.0.0.1:51234');
    expect(children).toHaveLength(1);
  });

  it('times out when the child never reports ready, and kills it', async () => {
    const { fork, children } = forker([1], { silent: true });
    const gw = new EmbeddedGateway({ ...base, fork, readyTimeoutMs: 30 });
    await expect(gw.start()).rejects.toThrow(/not ready after 30 ms/);
    expect(children[0]!.killed).toBe(true);
    expect(gw.url()).toBeNull();
  });

  it('rejects with the reason the child reports', async () => {
    const { fork } = forker([1], { error: 'database is locked' });
    await expect(new EmbeddedGateway({ ...base, fork }).start()).rejects.toThrow(/database is locked/);
  });

  it('rejects when the child dies before ready', async () => {
    const fork = () => new FakeChild((c) => c.emit('exit', 3));
    await expect(new EmbeddedGateway({ ...base, fork }).start()).rejects.toThrow(/exited \(code 3\)/);
  });

  it('restarts once after a crash and reports the new origin; a second crash leaves it down', async () => {
    const { fork, children } = forker([5001, 5002, 5003]);
    const logs: string[] = [];
    const gw = new EmbeddedGateway({ ...base, fork, log: (m) => logs.push(m) });
    const seen: (string | null)[] = [];
    gw.onUrlChange((u) => seen.push(u));
    await gw.start();
    children[0]!.emit('exit', 139);
    await new Promise((r) => setTimeout(r, 10));
    expect(children).toHaveLength(2);
    expect(seen).toEqual(['http://127.0.0.1:5002']);
    children[1]!.emit('exit', 139);
    await new Promise((r) => setTimeout(r, 10));
    expect(children).toHaveLength(2);
    expect(seen).toEqual(['http://127.0.0.1:5002', null]);
    expect(logs.at(-1)).toMatch(/no restart left/);
  });

  it('stops cleanly without counting the exit as a crash', async () => {
    const { fork, children } = forker([6001]);
    const gw = new EmbeddedGateway({ ...base, fork });
    await gw.start();
    await gw.stop();
    expect(children[0]!.sent.at(-1)).toEqual({ type: 'stop' });
    expect(children).toHaveLength(1);
    expect(gw.url()).toBeNull();
  });

  it('kills a child that ignores stop', async () => {
    const c = new FakeChild((child, m) => m.type === 'start' && child.emit('message', { type: 'ready', port: 7001 }));
    const gw = new EmbeddedGateway({ ...base, fork: () => c, stopTimeoutMs: 20 });
    await gw.start();
    await gw.stop();
    expect(c.killed).toBe(true);
  });
});
