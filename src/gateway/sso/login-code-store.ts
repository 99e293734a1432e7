import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Seconds an e-mailed sign-in code stays valid. */
export const LOGIN_CODE_TTL_SECONDS = 600;
/** Failed sign-ins with one code (wrong code or wrong password) before it is void. */
export const LOGIN_CODE_MAX_TRIES = 5;
export const LOGIN_CODE_DIGITS = 6;
const MAX_ENTRIES = 20_000;

interface Entry {
  userId: number;
  hash: Buffer;
  expiresAt: number;
  tries: number;
}

export type CodeCheck = { status: 'ok'; userId: number; giveBack: () => void } | { status: 'missing' | 'expired' | 'wrong' };

/**
 * One-time sign-in codes sent by e-mail, the accessible alternative to the slider. A code is
 * bound to one SSO interaction and one account, kept only as an HMAC under a per-process key,
 * valid 10 minutes, void after 5 failed sign-ins. In memory like the captcha challenges: a
 * multi-process deployment needs sticky sessions or a shared store.
 */
export class LoginCodeStore {
  private readonly map = new Map<string, Entry>();
  private readonly key = randomBytes(32);
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** A new code for (interaction, account), replacing any earlier one. Returns the plain code to send. */
  issue(interactionId: string, accountKey: string, userId: number): { code: string; expiresIn: number } {
    this.sweep();
    const id = this.idOf(interactionId, accountKey);
    this.map.delete(id);
    if (this.map.size >= MAX_ENTRIES) {
      const first = this.map.keys().next().value;
      if (first !== undefined) this.map.delete(first);
    }
    const code = String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');
    this.map.set(id, { userId, hash: this.hash(id, code), expiresAt: this.now() + LOGIN_CODE_TTL_SECONDS * 1000, tries: 0 });
    return { code, expiresIn: LOGIN_CODE_TTL_SECONDS };
  }

  /**
   * Takes the code out if it matches; the caller then checks the password and calls giveBack()
   * when that fails (one more try counted). Taking it out first keeps a code one-time even when two
   * sign-ins with it race through the password check. A wrong code counts a try at once.
   */
  take(interactionId: string, accountKey: string, code: string): CodeCheck {
    const id = this.idOf(interactionId, accountKey);
    const entry = this.map.get(id);
    if (!entry) return { status: 'missing' };
    if (entry.expiresAt < this.now()) {
      this.map.delete(id);
      return { status: 'expired' };
    }
    if (!timingSafeEqual(entry.hash, this.hash(id, code))) {
      this.fail(id, entry);
      return { status: 'wrong' };
    }
    this.map.delete(id);
    return {
      status: 'ok',
      userId: entry.userId,
      giveBack: () => {
        // Not when a newer code was sent meanwhile, nor once void or expired.
        if (this.map.has(id) || entry.expiresAt < this.now()) return;
        this.map.set(id, entry);
        this.fail(id, entry);
      },
    };
  }

  private fail(id: string, entry: Entry): void {
    entry.tries++;
    if (entry.tries >= LOGIN_CODE_MAX_TRIES) this.map.delete(id);
  }

  private idOf(interactionId: string, accountKey: string): string {
    return `${interactionId}\n${accountKey}`;
  }

  private hash(id: string, code: string): Buffer {
    return createHmac('sha256', this.key).update(`${id}\n${code}`).digest();
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, e] of this.map) if (e.expiresAt < now) this.map.delete(id);
  }
}
