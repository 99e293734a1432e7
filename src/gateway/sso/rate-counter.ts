/**
 * Fixed-window attempt counter per key (IP, account). Used for sign-in and captcha limits,
 * independent of any global rate limit the HTTP layer adds, and keyed by account too, which a
 * route-level limiter cannot do before the body is read.
 */
export class RateCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Counts one attempt; false when the key is over its limit for the current window. */
  hit(key: string): boolean {
    const now = this.now();
    if (this.hits.size > 50_000) for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  /** Whether the key has used up its window, without counting an attempt. */
  exhausted(key: string): boolean {
    const entry = this.hits.get(key);
    return !!entry && entry.resetAt > this.now() && entry.count >= this.limit;
  }

  reset(): void {
    this.hits.clear();
  }
}
