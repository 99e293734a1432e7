/**
 * How a validation message reaches a person, on both sides. Schemas carry i18n keys, optionally
 * with parameters in query form ("validation:text.tooLong?maximum=200"); the side that shows the
 * message translates the key and adds {{field}}, the label of the field the issue is about, so a
 * message always says which field is wrong and how.
 */

const KEY = /^([a-z][\w-]*:[\w.-]+)(?:\?([^\s]*))?$/;

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A message key with parameters, as schemas write it. */
export function messageKey(key: string, params: Record<string, string | number> = {}): string {
  const q = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return q ? `${key}?${q}` : key;
}

/** The key and parameters of a schema message, or null when the message is already text. */
export function parseMessageKey(message: string): { key: string; params: Record<string, string> } | null {
  const m = KEY.exec(message);
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const pair of (m[2] ?? '').split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0) params[decodeURIComponent(pair.slice(0, eq))] = decodeURIComponent(pair.slice(eq + 1));
  }
  return { key: m[1]!, params };
}

/**
 * Translates a schema message; `exists` guards against showing a raw key for a message that is not
 * one of ours. Text that is not a key is returned as it is.
 */
export function translateMessage(message: string, t: Translate, exists: (key: string) => boolean, extra: Record<string, unknown> = {}): string {
  const parsed = parseMessageKey(message);
  if (!parsed || !exists(parsed.key)) return message;
  return t(parsed.key, { ...parsed.params, ...extra });
}

/** The label of the field an issue's path names: validation:fields.<Name>, else the name itself; list items get their position. */
export function fieldLabel(path: ReadonlyArray<PropertyKey>, t: Translate, exists: (key: string) => boolean): string {
  let name = '';
  let index: number | null = null;
  for (const part of path) {
    if (typeof part === 'number') index = part;
    else if (typeof part === 'string') { name = part; index = null; }
  }
  if (!name) return '';
  const key = `validation:fields.${name}`;
  const label = exists(key) ? t(key) : name;
  return index == null ? label : t('validation:fieldItem', { field: label, position: index + 1 });
}
