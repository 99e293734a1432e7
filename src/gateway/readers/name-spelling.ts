import { pinyin } from '../search/pinyin.ts';

/** Full pinyin and initials of a name (surname readings), stored for search: 王小明 → wangxiaoming / wxm. */
export function spellName(name: string): { pinyin: string; initials: string } {
  const parts = pinyin(name, { toneType: 'none', type: 'array', surname: 'head' })
    .map((p) => p.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  return { pinyin: parts.join('').slice(0, 400), initials: parts.map((p) => p[0]).join('').slice(0, 100) };
}
