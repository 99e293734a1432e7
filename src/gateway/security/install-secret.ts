import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A random secret kept in the data folder (`<data>/secrets/<name>.key`, mode 0600), created on
 * first use: each install signs with its own key and keeps it across restarts.
 */
export function installSecret(dataDir: string, name: string, bytes = 32): Buffer {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  try {
    const hex = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{32,}$/.test(hex)) return Buffer.from(hex, 'hex');
  } catch {
    // Not created yet.
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(bytes);
  // 'wx' fails if a concurrent start wrote it first; then we read theirs.
  try {
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}
