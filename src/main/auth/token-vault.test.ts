import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Token } from '../../shared/api/auth.ts';
import { TokenVault, type RefreshOutcome, type SecretStore } from './token-vault.ts';
import { osSecrets } from './os-secrets.ts';
import { gatewayRefresh } from './gateway-refresh.ts';

/** A key store that reverses and tags the text: enough to see that nothing is written in the clear. */
function fakeSecrets(state: { usable: boolean; reason?: 'basic-text' | 'unavailable'; rotate?: boolean } = { usable: true }): SecretStore & { encrypted: number } {
  const s = {
    encrypted: 0,
    usable: async () => (state.usable ? { ok: true as const } : { ok: false as const, reason: state.reason ?? 'unavailable' }),
    encrypt: async (text: string) => {
      s.encrypted += 1;
      return Buffer.from(`sealed:${[...text].reverse().join('')}`);
    },
    decrypt: async (data: Buffer) => {
      const t = data.toString();
      if (!t.startsWith('sealed:')) throw new Error('not ours');
      return { text: [...t.slice(7)].reverse().join(''), reEncrypt: state.rotate ?? false };
    },
  };
  return s;
}

const token = (n: number, refresh: string | undefined = `R${n}`): Token => ({ token_type: 'Bearer', access_token: `A${n}`, expires_in: 900, ...(refresh ? { refresh_token: refresh } : {}) });

/** A gateway that rotates: each refresh token works once. */
function gateway() {
  const g = {
    calls: [] as string[],
    valid: new Set(['R1']),
    next: 2,
    gate: null as Promise<void> | null,
    async refresh(rt: string): Promise<RefreshOutcome> {
      g.calls.push(rt);
      if (g.gate) await g.gate;
      if (!g.valid.delete(rt)) return { ok: false, rejected: true };
      const t = token(g.next++);
      g.valid.add(t.refresh_token!);
      return { ok: true, token: t };
    },
  };
  return g;
}

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-'));
  file = join(dir, 'session.bin');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('TokenVault: the desktop session in main', () => {
  it('windows get the access token only; the refresh token is on disk only encrypted', async () => {
    const secrets = fakeSecrets();
    const g = gateway();
    const vault = new TokenVault({ file, secrets, refresh: g.refresh });
    expect(await vault.current()).toBeNull();
    expect(await vault.adopt(token(1), { persist: true })).toEqual({ kept: 'disk' });
    expect(await vault.current()).toEqual({ token_type: 'Bearer', access_token: 'A1', expires_in: 900 });
    const raw = await readFile(file, 'utf8');
    expect(raw).not.toContain('R1');
    expect(raw.startsWith('sealed:')).toBe(true);
  });

  it('one refresh for every window: concurrent askers share it, a late asker with the old token gets the new one', async () => {
    const g = gateway();
    const vault = new TokenVault({ file, secrets: fakeSecrets(), refresh: g.refresh });
    await vault.adopt(token(1), { persist: true });
    let open!: () => void;
    g.gate = new Promise((r) => (open = r));
    const asks = [vault.refresh('A1'), vault.refresh('A1'), vault.refresh('A1')];
    open();
    const got = await Promise.all(asks);
    expect(got.map((t) => t?.access_token)).toEqual(['A2', 'A2', 'A2']);
    // A window that sent the old token after the refresh: no second refresh (R1 is spent).
    expect((await vault.refresh('A1'))?.access_token).toBe('A2');
    expect(g.calls).toEqual(['R1']);
    // Its own token refused again: a new refresh, with the rotated refresh token.
    expect((await vault.refresh('A2'))?.access_token).toBe('A3');
    expect(g.calls).toEqual(['R1', 'R2']);
  });

  it('after a restart: the kept refresh token gives the first access token; a refused one ends the session everywhere', async () => {
    const g = gateway();
    const secrets = fakeSecrets();
    await new TokenVault({ file, secrets, refresh: g.refresh }).adopt(token(1), { persist: true });
    const restarted = new TokenVault({ file, secrets, refresh: g.refresh });
    expect((await restarted.current())?.access_token).toBe('A2');
    expect(g.calls).toEqual(['R1']);
    // The gateway forgets the session (signed out elsewhere, expired): refused, forgotten on disk too.
    g.valid.clear();
    expect(await restarted.refresh('A2')).toBeNull();
    expect(await restarted.current()).toBeNull();
    await expect(readFile(file)).rejects.toThrow();
  });

  it('no answer from the gateway keeps the session for the next try', async () => {
    const vault = new TokenVault({ file, secrets: fakeSecrets(), refresh: async () => ({ ok: false, rejected: false }) });
    await vault.adopt(token(1), { persist: true });
    expect(await vault.refresh('A1')).toBeNull();
    expect((await vault.current())?.access_token).toBe('A1');
    await expect(readFile(file)).resolves.toBeDefined();
    const throwing = new TokenVault({ file: join(dir, 'other.bin'), secrets: fakeSecrets(), refresh: async () => { throw new Error('ECONNREFUSED'); } });
    await throwing.adopt(token(1), { persist: false });
    expect(await throwing.refresh('A1')).toBeNull();
    expect((await throwing.current())?.access_token).toBe('A1');
  });

  it('refuses to keep a secret where the OS cannot encrypt it (basic_text): memory only', async () => {
    const secrets = fakeSecrets({ usable: false, reason: 'basic-text' });
    const vault = new TokenVault({ file, secrets, refresh: gateway().refresh });
    expect(await vault.storage()).toEqual({ kept: 'memory', reason: 'basic-text' });
    expect(await vault.adopt(token(1), { persist: true })).toEqual({ kept: 'memory' });
    await expect(readFile(file)).rejects.toThrow();
    expect(secrets.encrypted).toBe(0);
    expect((await vault.current())?.access_token).toBe('A1');
  });

  it('a kiosk or portal session (persist false) and sign-out leave nothing on disk', async () => {
    const vault = new TokenVault({ file, secrets: fakeSecrets(), refresh: gateway().refresh });
    await vault.adopt(token(1), { persist: true });
    await vault.adopt(token(5), { persist: false });
    await expect(readFile(file)).rejects.toThrow();
    await vault.adopt(token(6), { persist: true });
    await vault.forget();
    await expect(readFile(file)).rejects.toThrow();
    expect(await vault.current()).toBeNull();
  });

  it('a sign-out while a refresh runs wins: the refresh answer is dropped, nothing is written back', async () => {
    const g = gateway();
    const vault = new TokenVault({ file, secrets: fakeSecrets(), refresh: g.refresh });
    await vault.adopt(token(1), { persist: true });
    let open!: () => void;
    g.gate = new Promise((r) => (open = r));
    const pending = vault.refresh('A1');
    await vault.forget();
    open();
    expect(await pending).toBeNull();
    expect(await vault.current()).toBeNull();
    await expect(readFile(file)).rejects.toThrow();
  });

  it('an unreadable kept session (damaged, another key) is removed and the desk signs in again', async () => {
    await writeFile(file, 'garbage');
    const logs: string[] = [];
    const vault = new TokenVault({ file, secrets: fakeSecrets(), refresh: gateway().refresh, log: (m) => logs.push(m) });
    expect(await vault.current()).toBeNull();
    await expect(readFile(file)).rejects.toThrow();
    expect(logs[0]).toMatch(/signing in again/);
  });

  it('a rotated OS key: the kept session is written again under the new key', async () => {
    const secrets = fakeSecrets({ usable: true, rotate: true });
    await new TokenVault({ file, secrets, refresh: gateway().refresh }).adopt(token(1), { persist: true });
    const before = secrets.encrypted;
    const again = new TokenVault({ file, secrets, refresh: gateway().refresh });
    await again.current();
    expect(secrets.encrypted).toBe(before + 2); // re-encrypted on load, then the refreshed token
  });
});

describe('osSecrets: Electron safeStorage as the secret store', () => {
  const safe = (backend: string, available = true) => ({
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (s: string) => Buffer.from(s),
    decryptStringAsync: async (b: Buffer) => ({ result: b.toString(), shouldReEncrypt: true }),
  });
  it('refuses basic_text on Linux, and an unavailable encryptor anywhere', async () => {
    expect(await osSecrets(safe('basic_text'), 'linux').usable()).toEqual({ ok: false, reason: 'basic-text' });
    expect(await osSecrets(safe('gnome_libsecret'), 'linux').usable()).toEqual({ ok: true });
    expect(await osSecrets(safe('unknown'), 'win32').usable()).toEqual({ ok: true });
    expect(await osSecrets(safe('kwallet6', false), 'linux').usable()).toEqual({ ok: false, reason: 'unavailable' });
    expect(await osSecrets(safe('x'), 'darwin').decrypt(Buffer.from('t'))).toEqual({ text: 't', reEncrypt: true });
  });
});

describe('gatewayRefresh: the refresh call made by main', () => {
  const answer = (status: number, body: unknown) => async () => ({ status, json: async () => body });
  const base = () => 'http://127.0.0.1:5180';
  it('a refusal ends the session; no answer does not', async () => {
    const ok = { code: 0, data: { token_type: 'Bearer', access_token: 'A2', expires_in: 900 } };
    expect(await gatewayRefresh(answer(200, ok), base)('R1')).toEqual({ ok: true, token: ok.data });
    expect(await gatewayRefresh(answer(401, { code: 401, message: 'expired' }), base)('R1')).toEqual({ ok: false, rejected: true });
    expect(await gatewayRefresh(answer(200, { code: 99998, message: 'x' }), base)('R1')).toEqual({ ok: false, rejected: true });
    expect(await gatewayRefresh(answer(502, null), base)('R1')).toEqual({ ok: false, rejected: false });
    // An offline label station has no gateway to ask.
    expect(await gatewayRefresh(answer(200, ok), () => null)('R1')).toEqual({ ok: false, rejected: false });
  });
});
