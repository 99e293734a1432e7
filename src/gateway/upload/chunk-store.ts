import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * Resumable uploads on disk: `<data>/uploads/<school>/<upload id>/<index>` per chunk, then one
 * assembled file `<data>/uploads/<school>/<file id>.bin` (+ `.json` with its name). Everything is
 * per school, so another school's upload or file id is simply not found. Leftovers older than a
 * day are removed when a new upload starts.
 */
const DAY_MS = 24 * 3600_000;
const root = (dataDir: string, school: number) => join(dataDir, 'uploads', String(school));
export const FILE_ID = /^[0-9a-f-]{36}$/;

export async function saveChunk(dataDir: string, school: number, uploadId: string, index: number, bytes: Buffer): Promise<void> {
  const dir = join(root(dataDir, school), uploadId);
  if (index === 0) await sweep(dataDir, school);
  await mkdir(dir, { recursive: true });
  // Written under a temporary name then renamed: a chunk cut off mid-write is never taken for whole.
  const tmp = join(dir, `${index}.${randomUUID()}.part`);
  await writeFile(tmp, bytes);
  await rename(tmp, join(dir, String(index)));
}

export async function receivedChunks(dataDir: string, school: number, uploadId: string): Promise<{ indexes: number[]; size: number }> {
  const dir = join(root(dataDir, school), uploadId);
  if (!existsSync(dir)) return { indexes: [], size: 0 };
  const names = (await readdir(dir)).filter((n) => /^\d+$/.test(n));
  let size = 0;
  for (const n of names) size += (await stat(join(dir, n))).size;
  return { indexes: names.map(Number).sort((a, b) => a - b), size };
}

export type MergeResult = { ok: true; fileId: string; size: number } | { ok: false; missing: number[] } | { ok: false; size: number; mismatch: true };

export async function mergeChunks(dataDir: string, school: number, uploadId: string, chunks: number, expected: { size: number; sha256: string; fileName: string }): Promise<MergeResult> {
  const dir = join(root(dataDir, school), uploadId);
  const have = new Set((await receivedChunks(dataDir, school, uploadId)).indexes);
  const missing = Array.from({ length: chunks }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length) return { ok: false, missing };
  const fileId = randomUUID();
  const target = join(root(dataDir, school), `${fileId}.bin`);
  const hash = createHash('sha256');
  let size = 0;
  const out = createWriteStream(target);
  for (let i = 0; i < chunks; i++) {
    const bytes = await readFile(join(dir, String(i)));
    hash.update(bytes);
    size += bytes.length;
    if (!out.write(bytes)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  if (size !== expected.size || hash.digest('hex') !== expected.sha256) {
    await rm(target, { force: true });
    return { ok: false, size, mismatch: true };
  }
  await writeFile(join(root(dataDir, school), `${fileId}.json`), JSON.stringify({ fileName: expected.fileName, size }));
  await rm(dir, { recursive: true, force: true });
  return { ok: true, fileId, size };
}

export function uploadedPath(dataDir: string, school: number, fileId: string): string | null {
  if (!FILE_ID.test(fileId)) return null;
  const p = join(root(dataDir, school), `${fileId}.bin`);
  return existsSync(p) ? p : null;
}

export async function uploadedName(dataDir: string, school: number, fileId: string): Promise<string> {
  try {
    return (JSON.parse(await readFile(join(root(dataDir, school), `${fileId}.json`), 'utf8')) as { fileName: string }).fileName;
  } catch {
    return '';
  }
}

export async function readUploaded(dataDir: string, school: number, fileId: string): Promise<Buffer | null> {
  const p = uploadedPath(dataDir, school, fileId);
  if (!p) return null;
  const chunks: Buffer[] = [];
  await pipeline(createReadStream(p), async function* (src) { for await (const c of src) chunks.push(c as Buffer); });
  return Buffer.concat(chunks);
}

async function sweep(dataDir: string, school: number): Promise<void> {
  const dir = root(dataDir, school);
  if (!existsSync(dir)) return;
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const p = join(dir, name);
    const s = await stat(p).catch(() => null);
    if (s && now - s.mtimeMs > DAY_MS) await rm(p, { recursive: true, force: true });
  }
}
