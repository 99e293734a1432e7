import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Token } from '../../shared/api/auth.ts';

/**
 * What the vault needs of the OS secret store (Electron's safeStorage in main/auth/os-secrets.ts):
 * whether a secret may be kept on disk, and encryption with a key the OS keeps.
 */
export interface SecretStore {
  /** 'basic-text': Linux without a keyring, where safeStorage "encrypts" with a fixed password. */
  usable(): Promise<{ ok: true } | { ok: false; reason: 'unavailable' | 'basic-text' }>;
  encrypt(text: string): Promise<Buffer>;
  /** `reEncrypt`: the OS rotated its key; the secret should be written again. */
  decrypt(data: Buffer): Promise<{ text: string; reEncrypt: boolean }>;
}

/** A refresh at the gateway: a new token, or why not (the session is over, or the gateway did not answer). */
export type RefreshOutcome = { ok: true; token: Token } | { ok: false; rejected: boolean };

/** What a window gets: everything of the token but the refresh token, which never leaves main. */
export type AccessToken = Omit<Token, 'refresh_token'>;

export interface TokenVaultOptions {
  /** Where the encrypted refresh token is kept between runs of the app. */
  file: string;
  secrets: SecretStore;
  refresh(refreshToken: string): Promise<RefreshOutcome>;
  log?: (msg: string) => void;
}

interface Held {
  token: Token;
  /** Written to disk (encrypted): a staff sign-in on a desk with a real key store. */
  persist: boolean;
}

const fileSchema = z.object({ v: z.literal(1), token_type: z.string(), refresh_token: z.string().min(1) });

const accessOf = ({ refresh_token: _r, ...rest }: Token): AccessToken => rest;

/**
 * The desktop's session tokens, held by main for every window (architecture: tokens live in main).
 * Windows get the access token only; the refresh token stays here, and on disk only encrypted by
 * the OS key store, never with Linux's `basic_text` fallback (then it lives in memory and the desk
 * signs in again after a restart). Main runs the one refresh for all windows: a window whose
 * token was refused asks with the token it holds, and gets the newer one when another window
 * already refreshed, so a rotated refresh token is never used twice.
 */
export class TokenVault {
  readonly #o: TokenVaultOptions;
  #held: Held | null = null;
  /** The disk has been read (once, on first use). */
  #loaded: Promise<void> | null = null;
  #inflight: Promise<AccessToken | null> | null = null;
  /** Disk writes in order, so a sign-out after a sign-in cannot be overtaken by it. */
  #writes: Promise<unknown> = Promise.resolve();

  constructor(o: TokenVaultOptions) {
    this.#o = o;
  }

  /** Where a persisted session is kept: on disk (encrypted), or only in memory and why. */
  async storage(): Promise<{ kept: 'disk' | 'memory'; reason?: 'unavailable' | 'basic-text' }> {
    const u = await this.#o.secrets.usable().catch(() => ({ ok: false as const, reason: 'unavailable' as const }));
    return u.ok ? { kept: 'disk' } : { kept: 'memory', reason: u.reason };
  }

  /** A sign-in's token. `persist`: keep it across restarts (only where the OS can encrypt it). */
  async adopt(token: Token, opts: { persist: boolean }): Promise<{ kept: 'disk' | 'memory' }> {
    await this.#load();
    const persist = opts.persist && token.refresh_token != null && (await this.storage()).kept === 'disk';
    this.#held = { token, persist };
    this.#inflight = null;
    await this.#save(this.#held);
    return { kept: persist ? 'disk' : 'memory' };
  }

  /** The access token of the session, refreshing first when only the refresh token is known (after a restart). */
  async current(): Promise<AccessToken | null> {
    await this.#load();
    const held = this.#held;
    if (!held) return null;
    if (held.token.access_token) return accessOf(held.token);
    return this.#refreshOnce(held);
  }

  /**
   * A window's token was refused: `stale` is the access token it sent. When the session already
   * moved on (another window refreshed) the newer token is the answer; otherwise one refresh,
   * shared by every window asking meanwhile. null: the session is over.
   */
  async refresh(stale: string): Promise<AccessToken | null> {
    await this.#load();
    const held = this.#held;
    if (!held) return null;
    if (this.#inflight) return this.#inflight;
    if (held.token.access_token && held.token.access_token !== stale) return accessOf(held.token);
    return this.#refreshOnce(held);
  }

  /** Sign-out, or the session ended: forgotten in memory and on disk. */
  async forget(): Promise<void> {
    await this.#load();
    this.#held = null;
    this.#inflight = null;
    await this.#save(null);
  }

  #refreshOnce(held: Held): Promise<AccessToken | null> {
    this.#inflight ??= (async () => {
      let out: RefreshOutcome;
      try {
        out = held.token.refresh_token ? await this.#o.refresh(held.token.refresh_token) : { ok: false, rejected: true };
      } catch {
        out = { ok: false, rejected: false };
      }
      // Signed out or signed in anew while this ran: its answer belongs to no one.
      if (this.#held !== held) return this.#held ? accessOf(this.#held.token) : null;
      this.#inflight = null;
      if (!out.ok) {
        if (out.rejected) {
          this.#held = null;
          await this.#save(null);
        }
        return null;
      }
      // The gateway may keep the refresh token (no rotation): then the old one stays valid.
      const next: Held = { token: { ...out.token, refresh_token: out.token.refresh_token ?? held.token.refresh_token }, persist: held.persist };
      this.#held = next;
      await this.#save(next);
      return accessOf(next.token);
    })();
    return this.#inflight;
  }

  #load(): Promise<void> {
    this.#loaded ??= (async () => {
      let data: Buffer;
      try {
        data = await readFile(this.#o.file);
      } catch {
        return; // none kept
      }
      try {
        if ((await this.storage()).kept !== 'disk') throw new Error('the key store is not available now');
        const { text, reEncrypt } = await this.#o.secrets.decrypt(data);
        const kept = fileSchema.parse(JSON.parse(text));
        // Nothing is held yet: the session starts with its refresh token and no access token.
        this.#held ??= { token: { token_type: kept.token_type, access_token: '', refresh_token: kept.refresh_token, expires_in: 0 }, persist: true };
        if (reEncrypt) await this.#save(this.#held);
      } catch (err) {
        // Unreadable (another OS user, a new key, a damaged file): the desk signs in again.
        this.#o.log?.(`kept session not usable (${(err as Error).message}); signing in again`);
        await rm(this.#o.file, { force: true });
      }
    })();
    return this.#loaded;
  }

  #save(held: Held | null): Promise<void> {
    const file = this.#o.file;
    const run = this.#writes.then(async () => {
      if (!held?.persist || !held.token.refresh_token) {
        await rm(file, { force: true });
        return;
      }
      const data = await this.#o.secrets.encrypt(JSON.stringify({ v: 1, token_type: held.token.token_type, refresh_token: held.token.refresh_token }));
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, file);
    });
    this.#writes = run.catch((err: unknown) => this.#o.log?.(`session not written: ${(err as Error).message}`));
    return this.#writes.then(() => undefined);
  }
}
