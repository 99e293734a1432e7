import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { claim, IDEMPOTENCY_TTL_MS, release, remember } from './idempotency.ts';

describe('idempotency keys', () => {
  const t = useTestGateway();
  const reply = { code: 0, success: true, message: '', data: { ok: 1 } };
  const rows = (key: string) => t.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

  it('claims a key before the write: a second copy while it runs is refused, after it the reply is replayed', async () => {
    expect(await claim(t.app, 1, 'k1', 'fp')).toEqual({ kind: 'claimed' });
    await expect(claim(t.app, 1, 'k1', 'fp')).rejects.toMatchObject({ status: 409, key: 'errors:idempotencyInProgress' });
    await remember(t.app, 1, 'k1', reply);
    expect(await claim(t.app, 1, 'k1', 'fp')).toEqual({ kind: 'replay', reply });
    await expect(claim(t.app, 1, 'k1', 'other request')).rejects.toMatchObject({ status: 409, key: 'errors:idempotencyMismatch' });
    // Keys are per school.
    expect(await claim(t.app, 2, 'k1', 'fp')).toEqual({ kind: 'claimed' });
  });

  it("gives a failed request's claim back, so a retry runs", async () => {
    await claim(t.app, 1, 'k2', 'fp');
    await release(t.app, 1, 'k2');
    expect(await rows('k2')).toEqual([]);
    expect(await claim(t.app, 1, 'k2', 'fp')).toEqual({ kind: 'claimed' });
  });

  it('forgets keys after their time: an old key is free again, and old rows are purged', async () => {
    const now = Date.now();
    await claim(t.app, 1, 'k3', 'fp', now);
    await remember(t.app, 1, 'k3', reply);
    const later = now + IDEMPOTENCY_TTL_MS + 1000;
    // Another request under the old key runs (no mismatch), and the purge took the old row.
    expect(await claim(t.app, 1, 'k3', 'a new request', later + 2 * 3600_000)).toEqual({ kind: 'claimed' });
    const left = await rows('k3');
    expect(left).toHaveLength(1);
    expect(left[0]!.fingerprint).toBe('a new request');
  });
});
