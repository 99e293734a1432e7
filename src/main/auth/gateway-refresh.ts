import { authCalls, tokenSchema } from '../../shared/api/auth.ts';
import { anyEnvelopeSchema, isSuccess } from '../../shared/api/envelope.ts';
import type { RefreshOutcome } from './token-vault.ts';

type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ status: number; json(): Promise<unknown> }>;

/**
 * The refresh call of the contract (auth.refreshToken), made by main for every window. A refusal
 * (4xx, or an envelope that is not a success) ends the session; no answer (network, 5xx,
 * timeout) leaves it for the next try.
 */
export function gatewayRefresh(fetch: FetchLike, gatewayUrl: () => string | null, timeoutMs = 15_000): (refreshToken: string) => Promise<RefreshOutcome> {
  return async (refreshToken) => {
    const base = gatewayUrl();
    if (!base) return { ok: false, rejected: false };
    const res = await fetch(new URL(authCalls.refreshToken.path, base).toString(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status >= 500) return { ok: false, rejected: false };
    const env = anyEnvelopeSchema.safeParse(await res.json().catch(() => null));
    if (res.status >= 400 || !env.success || !isSuccess(env.data)) return { ok: false, rejected: true };
    const token = tokenSchema.safeParse(env.data.data);
    return token.success ? { ok: true, token: token.data } : { ok: false, rejected: true };
  };
}
