import { describe, expect, it, vi } from 'vitest';
import { AuthFailure, createRefreshQueue, type AttemptOutcome } from './refresh-queue.ts';

/** A fake server: accepts only the current token; the client reads the token when it sends. */
function harness(opts: { refreshOk?: boolean; rejectAfterRefresh?: boolean } = {}) {
  let serverToken = 'new';
  let clientToken = 'old';
  const sends = new Map<number, number>();
  const refresh = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 5));
    if (opts.refreshOk === false) return false;
    clientToken = 'new';
    if (opts.rejectAfterRefresh) serverToken = 'never';
    return true;
  });
  const onExpired = vi.fn();
  const onSignedOutElsewhere = vi.fn();
  const queue = createRefreshQueue({ refresh, onExpired, onSignedOutElsewhere });
  const request = (id: number) => async (): Promise<AttemptOutcome<number>> => {
    sends.set(id, (sends.get(id) ?? 0) + 1);
    const token = clientToken;
    await new Promise((r) => setTimeout(r, Math.random() * 3));
    return token === serverToken ? { kind: 'ok', value: id } : { kind: 'unauthorized' };
  };
  return { queue, refresh, onExpired, onSignedOutElsewhere, request, sends };
}

describe('refresh queue', () => {
  it('100 concurrent 401s: exactly one refresh, each request replayed exactly once', async () => {
    const h = harness();
    const ids = Array.from({ length: 100 }, (_, i) => i);
    const results = await Promise.all(ids.map((i) => h.queue.execute(h.request(i))));
    expect(results).toEqual(ids);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    for (const i of ids) expect(h.sends.get(i)).toBe(2);
    expect(h.onExpired).not.toHaveBeenCalled();
  });

  it('a request whose 401 arrives after the refresh finished is replayed without a second refresh', async () => {
    const h = harness();
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    let slowSends = 0;
    // The slow request leaves under the old token but its 401 only arrives after the refresh.
    const slow = h.queue.execute(async (): Promise<AttemptOutcome<string>> => {
      slowSends += 1;
      if (slowSends === 1) {
        await slowGate;
        return { kind: 'unauthorized' };
      }
      return { kind: 'ok', value: 'slow' };
    });
    await h.queue.execute(h.request(1));
    expect(h.refresh).toHaveBeenCalledTimes(1);
    releaseSlow();
    expect(await slow).toBe('slow');
    expect(slowSends).toBe(2);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('a 401 after a successful refresh logs out without looping', async () => {
    const h = harness({ rejectAfterRefresh: true });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => h.queue.execute(h.request(i))));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as AuthFailure).reason === 'rejectedAfterRefresh')).toBe(true);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) expect(h.sends.get(i)).toBe(2);
    expect(h.onExpired).toHaveBeenCalledTimes(1);
    expect(h.onExpired).toHaveBeenCalledWith('rejectedAfterRefresh');
  });

  it('refresh failure: authExpired once, every waiting request fails, no replay', async () => {
    const h = harness({ refreshOk: false });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => h.queue.execute(h.request(i))));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as AuthFailure).reason === 'refreshFailed')).toBe(true);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) expect(h.sends.get(i)).toBe(1);
    expect(h.onExpired).toHaveBeenCalledTimes(1);
    expect(h.onExpired).toHaveBeenCalledWith('refreshFailed');
  });

  it('a rejected refresh promise counts as a failure', async () => {
    const onExpired = vi.fn();
    const q = createRefreshQueue({ refresh: () => Promise.reject(new Error('net')), onExpired, onSignedOutElsewhere: vi.fn() });
    await expect(q.execute(async () => ({ kind: 'unauthorized' }) as const)).rejects.toBeInstanceOf(AuthFailure);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('99997 (signed out elsewhere): no refresh, handler once', async () => {
    const h = harness();
    const out = await Promise.allSettled([1, 2, 3].map(() => h.queue.execute(async () => ({ kind: 'signedOutElsewhere' }) as const)));
    expect(out.every((r) => r.status === 'rejected' && (r.reason as AuthFailure).reason === 'signedOutElsewhere')).toBe(true);
    expect(h.refresh).not.toHaveBeenCalled();
    expect(h.onSignedOutElsewhere).toHaveBeenCalledTimes(1);
  });

  it('reset() after a new sign-in lets failures be reported again', async () => {
    const h = harness({ refreshOk: false });
    await expect(h.queue.execute(h.request(1))).rejects.toBeInstanceOf(AuthFailure);
    h.queue.reset();
    await expect(h.queue.execute(h.request(2))).rejects.toBeInstanceOf(AuthFailure);
    expect(h.onExpired).toHaveBeenCalledTimes(2);
    expect(h.refresh).toHaveBeenCalledTimes(2);
  });
});
