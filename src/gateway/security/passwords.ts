import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt hashes (OWASP: N=2^17, r=8, p=1). The parameters travel in the stored string
 * (`scrypt$N$r$p$salt$hash`), so they can be raised later without breaking old hashes.
 * Node's default maxmem (32 MiB) is too small for N=2^17, hence maxmem below.
 */
const DEFAULT = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;

function scrypt(pw: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(pw, salt, KEYLEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

// At ~128 MiB and ~0.4 s a hash, at most two run at once; the rest wait their turn.
let running = 0;
const waiting: Array<() => void> = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(pw: string, params = DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await limited(() =>
    scrypt(pw, salt, { N: params.N, r: params.r, p: params.p, maxmem: 256 * 1024 * 1024 }),
  );
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const key = await limited(() =>
    scrypt(pw, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 }),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
