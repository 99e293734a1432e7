import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
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

/**
 * Work on one upload runs one call at a time in this process (keyed by school and upload id): a
 * chunk's size check and its write, and a merge's reads and the folder's removal, never interleave.
 */
const queues = new Map<string, Promise<unknown>>();
function serial<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => { if (queues.get(key) === tail) queues.delete(key); });
  return run;
}

/** Bytes held per upload (school/upload id); a cache of the folder's size, rebuilt from disk when missing. */
const heldBytes = new Map<string, number>();

export type ChunkResult = { ok: true } | { ok: false; tooLarge: true };

/** Stores one chunk, unless the upload's chunks would then hold more than `maxBytes` in all. */
export async function saveChunk(dataDir: string, school: number, uploadId: string, index: number, bytes: Buffer, maxBytes: number): Promise<ChunkResult> {
  return serial(`${school}/${uploadId}`, async () => {
    const dir = join(root(dataDir, school), uploadId);
    if (index === 0) await sweep(dataDir, school);
    const key = `${school}/${uploadId}`;
    // The bytes held so far: read from disk once, then kept up to date here (a folder of many
    // small chunks is not walked again for every chunk).
    const held = heldBytes.get(key) ?? (await receivedChunks(dataDir, school, uploadId)).size;
    // A chunk sent again replaces itself: its old size does not count twice.
    const same = (await stat(join(dir, String(index))).catch(() => null))?.size ?? 0;
    if (held - same + bytes.length > maxBytes) return { ok: false, tooLarge: true };
    await mkdir(dir, { recursive: true });
    // Written under a temporary name then renamed: a chunk cut off mid-write is never taken for whole.
    const tmp = join(dir, `${index}.${randomUUID()}.part`);
    await writeFile(tmp, bytes);
    await rename(tmp, join(dir, String(index)));
    heldBytes.set(key, held - same + bytes.length);
    return { ok: true };
  });
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

/**
 * A merge asked again for the same file (a double click, a client retrying after a timeout) gets
 * the first one's answer: while it runs, and for a while after, since the chunks are gone then.
 */
const merges = new Map<string, { result: Promise<MergeResult>; until: number }>();
const MERGE_MEMORY_MS = 10 * 60_000;

export async function mergeChunks(dataDir: string, school: number, uploadId: string, chunks: number, expected: { size: number; sha256: string; fileName: string }): Promise<MergeResult> {
  const now = Date.now();
  for (const [k, v] of merges) if (v.until < now) merges.delete(k);
  const key = JSON.stringify([school, uploadId, chunks, expected.size, expected.sha256, expected.fileName]);
  const known = merges.get(key);
  if (known) {
    const r = await known.result;
    // Only while its file is still there (not swept meanwhile).
    if (!r.ok || uploadedPath(dataDir, school, r.fileId)) return r;
  }
  const result = serial(`${school}/${uploadId}`, async () => {
    try {
      return await mergeNow(dataDir, school, uploadId, chunks, expected);
    } finally {
      // The folder may be gone now: the next chunk reads its size from disk again.
      heldBytes.delete(`${school}/${uploadId}`);
    }
  });
  merges.set(key, { result, until: now + MERGE_MEMORY_MS });
  // A failure is not remembered: the client sends the missing chunks and merges again.
  void result.then((r) => { if (!r.ok) merges.delete(key); }, () => merges.delete(key));
  return result;
}

async function mergeNow(dataDir: string, school: number, uploadId: string, chunks: number, expected: { size: number; sha256: string; fileName: string }): Promise<MergeResult> {
  const dir = join(root(dataDir, school), uploadId);
  const have = new Set((await receivedChunks(dataDir, school, uploadId)).indexes);
  const missing = Array.from({ length: chunks }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length) return { ok: false, missing };
  const fileId = randomUUID();
  const target = join(root(dataDir, school), `${fileId}.bin`);
  const hash = createHash('sha256');
  let size = 0;
  const out = createWriteStream(target);
  try {
    for (let i = 0; i < chunks; i++) {
      const bytes = await readFile(join(dir, String(i)));
      hash.update(bytes);
      size += bytes.length;
      if (!out.write(bytes)) await new Promise((r) => out.once('drain', r));
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (err) {
    // Never leave a partial file behind; chunks that vanished meanwhile (another process, the
    // sweep) are reported as missing, not as a server error.
    out.destroy();
    await rm(target, { force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      const now = new Set((await receivedChunks(dataDir, school, uploadId)).indexes);
      return { ok: false, missing: Array.from({ length: chunks }, (_, i) => i).filter((i) => !now.has(i)) };
    }
    throw err;
  }
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

/** Marks a merged file as used now (a use served from memory counts too); false when it is gone. */
export async function touchUploaded(dataDir: string, school: number, fileId: string): Promise<boolean> {
  const p = uploadedPath(dataDir, school, fileId);
  if (!p) return false;
  const now = new Date();
  await Promise.all([p, join(root(dataDir, school), `${fileId}.json`)].map((f) => utimes(f, now, now).catch(() => undefined)));
  return true;
}

/**
 * The bytes of a merged file. Reading it counts as a use: the sweep removes what was not used for
 * a day, not what was merged a day ago (a MARC file previewed today and imported tomorrow, or read
 * again to resume an import, is still there).
 */
export async function readUploaded(dataDir: string, school: number, fileId: string): Promise<Buffer | null> {
  const p = uploadedPath(dataDir, school, fileId);
  if (!p) return null;
  await touchUploaded(dataDir, school, fileId);
  const chunks: Buffer[] = [];
  await pipeline(createReadStream(p), async function* (src) { for await (const c of src) chunks.push(c as Buffer); });
  return Buffer.concat(chunks);
}

async function sweep(dataDir: string, school: number): Promise<void> {
  const dir = root(dataDir, school);
  // Sizes are read from disk again after a sweep (it may remove folders; no entry grows forever).
  heldBytes.clear();
  if (!existsSync(dir)) return;
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const p = join(dir, name);
    const s = await stat(p).catch(() => null);
    if (s && now - s.mtimeMs > DAY_MS) await rm(p, { recursive: true, force: true });
  }
}
