import { randomBytes } from 'node:crypto';

/** Seconds a slider challenge stays valid. */
export const CAPTCHA_TTL_SECONDS = 60;
/** Accepted distance, in image pixels, between the slid position and the gap. */
export const CAPTCHA_TOLERANCE_PX = 5;
const MAX_ENTRIES = 20_000;

interface Challenge {
  gapX: number;
  interactionId: string | null;
  expiresAt: number;
}

export type CaptchaCheck = 'ok' | 'missing' | 'expired' | 'wrong-attempt' | 'wrong-offset';

/**
 * Server-side slider challenges: the gap X never leaves this map. One-time (taken out on any
 * attempt), bound to the SSO interaction, expiring in seconds. In memory: a multi-process
 * deployment needs sticky sessions or a shared store (documented in the SSO README section).
 */
export class CaptchaStore {
  private readonly map = new Map<string, Challenge>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  create(gapX: number, interactionId: string | null): { id: string; expiresIn: number } {
    this.sweep();
    if (this.map.size >= MAX_ENTRIES) {
      // Memory bound under a flood: the oldest challenge goes first (Map keeps insertion order).
      const first = this.map.keys().next().value;
      if (first !== undefined) this.map.delete(first);
    }
    const id = randomBytes(18).toString('base64url');
    this.map.set(id, { gapX, interactionId, expiresAt: this.now() + CAPTCHA_TTL_SECONDS * 1000 });
    return { id, expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /** Consumes the challenge whatever the outcome. */
  verify(id: string, x: number, interactionId: string): CaptchaCheck {
    const c = this.map.get(id);
    this.map.delete(id);
    if (!c) return 'missing';
    if (c.expiresAt < this.now()) return 'expired';
    if (c.interactionId !== interactionId) return 'wrong-attempt';
    return Math.abs(c.gapX - x) <= CAPTCHA_TOLERANCE_PX ? 'ok' : 'wrong-offset';
  }

  /** Test hook only: the answer of a live challenge, without consuming it. */
  peek(id: string): number | null {
    const c = this.map.get(id);
    return c && c.expiresAt >= this.now() ? c.gapX : null;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, c] of this.map) if (c.expiresAt < now) this.map.delete(id);
  }
}
