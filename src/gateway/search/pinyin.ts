import { createRequire } from 'node:module';
import type { pinyin as PinyinFn } from 'pinyin-pro';

let loaded: typeof PinyinFn | null = null;

/**
 * pinyin-pro's `pinyin`, loaded on its first call: its dictionaries are about 15 MB of the
 * gateway's memory and 30 ms of its start, and a counter that only lends and returns never spells
 * a title or a name. Its CommonJS build loads synchronously, so callers stay synchronous.
 */
export const pinyin = ((...args: Parameters<typeof PinyinFn>) => {
  loaded ??= (createRequire(import.meta.url)('pinyin-pro') as { pinyin: typeof PinyinFn }).pinyin;
  return loaded(...args);
}) as typeof PinyinFn;
