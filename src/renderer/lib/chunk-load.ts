import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/domain/ui-constants.ts';

/** Raised when a lazy screen chunk fails or takes longer than the spec's 120000 ms. */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load failed');
    this.name = 'ChunkLoadError';
    if (cause !== undefined) this.cause = cause;
  }
}

export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e));
      },
    );
  });
}

export function isChunkLoadError(e: unknown): boolean {
  return e instanceof ChunkLoadError || (e instanceof Error && /dynamically imported module|Importing a module script failed|chunk/i.test(e.message));
}
