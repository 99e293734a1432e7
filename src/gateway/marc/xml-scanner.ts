import type { MarcIssue, MarcIssueDetail, MarcIssueFacts } from '../../shared/domain/marc-rules.ts';
/**
 * A small pull scanner for the XML we read (MARCXML, SRU responses): elements with namespaces,
 * attributes, text, CDATA and the five predefined plus numeric entities. DTDs are skipped and
 * never expanded, so no entity tricks (billion laughs, external entities) apply. Hand-written
 * rather than a package because this subset is all MARCXML needs and it runs at MARC speed.
 * Not for mixed content: white space between a tag and a following start tag is dropped.
 */

export interface XmlOpen {
  type: 'open';
  name: string;
  local: string;
  ns: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  pos: number;
}
export interface XmlClose {
  type: 'close';
  name: string;
  local: string;
  ns: string;
  pos: number;
}
export interface XmlText {
  type: 'text';
  text: string;
  pos: number;
}
export type XmlEvent = XmlOpen | XmlClose | XmlText;

export class XmlError extends Error {
  readonly pos: number;
  /** The same as a MARC issue (xml.malformed with its detail sentence), to say it in the reader's language. */
  readonly issue: MarcIssue;
  /** `message` stays English: SRU's errors (capture) quote it. */
  constructor(message: string, pos: number, issue: MarcIssue) {
    super(`${message} at character ${pos}`);
    this.name = 'XmlError';
    this.pos = pos;
    this.issue = issue;
  }
}

/** The sentences of a document that is not well formed: each takes the position (`at`). */
type XmlDetail = { [K in MarcIssueDetail]: 'at' extends keyof MarcIssueFacts<K> ? K : never }[MarcIssueDetail];
/** An XmlError whose detail sentence gets the position besides `facts`. */
function xmlError<K extends XmlDetail>(message: string, pos: number, detail: K, facts: Omit<MarcIssueFacts<K>, 'at'>): XmlError {
  return new XmlError(message, pos, { code: 'xml.malformed', detail, params: { ...facts, at: pos } });
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string, pos: number): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&\s]{1,10});/g, (m, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!Number.isInteger(code) || code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw xmlError(`bad character reference ${m}`, pos, 'xml.badCharacterReference', { reference: m });
      return String.fromCodePoint(code);
    }
    const v = PREDEFINED[name];
    if (v === undefined) throw xmlError(`unknown entity ${m}`, pos, 'xml.unknownEntity', { entity: m });
    return v;
  });
}

const ATTR = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const TAG_END = /\s*(\/?>)/y;
const WHITESPACE = /^\s+$/;
const NAME = /[^\s/>]+/y;

export function* scanXml(src: string): Generator<XmlEvent> {
  const stack: { name: string; ns: Map<string, string> }[] = [];
  let scope = new Map<string, string>([['xml', 'http://www.w3.org/XML/1998/namespace']]);
  let i = 0;
  const n = src.length;
  if (src.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const lt = src.indexOf('<', i);
    if (lt < 0) {
      const tail = src.slice(i);
      if (stack.length > 0 && tail) yield { type: 'text', text: decodeEntities(tail, i), pos: i };
      break;
    }
    if (lt > i) {
      const text = src.slice(i, lt);
      // Indentation before a child element is not data in the formats we read (no mixed content):
      // dropping it halves the events. Whitespace before an end tag stays (a subfield of " ").
      const layout = src.charCodeAt(lt + 1) !== 0x2f && WHITESPACE.test(text);
      if (stack.length > 0) { if (!layout) yield { type: 'text', text: decodeEntities(text, i), pos: i }; }
      else if (text.trim()) throw xmlError('text outside the root element', i, 'xml.textOutsideRoot', {});
    }
    i = lt;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) throw xmlError('unterminated comment', i, 'xml.unterminatedComment', {});
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', i)) {
      const end = src.indexOf(']]>', i + 9);
      if (end < 0) throw xmlError('unterminated CDATA section', i, 'xml.unterminatedCdata', {});
      if (stack.length === 0) throw xmlError('CDATA outside the root element', i, 'xml.cdataOutsideRoot', {});
      yield { type: 'text', text: src.slice(i + 9, end), pos: i };
      i = end + 3;
    } else if (src.startsWith('<?', i)) {
      const end = src.indexOf('?>', i + 2);
      if (end < 0) throw xmlError('unterminated processing instruction', i, 'xml.unterminatedInstruction', {});
      i = end + 2;
    } else if (src.startsWith('<!', i)) {
      // DOCTYPE (perhaps with an internal subset in brackets): skipped, never expanded.
      let depth = 0;
      let j = i + 2;
      for (; j < n; j++) {
        const c = src[j];
        if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (c === '>' && depth <= 0) break;
      }
      if (j >= n) throw xmlError('unterminated declaration', i, 'xml.unterminatedDeclaration', {});
      i = j + 1;
    } else if (src[i + 1] === '/') {
      const end = src.indexOf('>', i + 2);
      if (end < 0) throw xmlError('unterminated end tag', i, 'xml.unterminatedEndTag', {});
      const name = src.slice(i + 2, end).trim();
      const top = stack.pop();
      if (!top) throw xmlError(`</${name}> does not close <nothing>`, i, 'xml.strayEndTag', { close: name });
      if (top.name !== name) throw xmlError(`</${name}> does not close <${top.name}>`, i, 'xml.mismatchedEndTag', { close: name, open: top.name });
      const { local, ns } = resolve(name, scope, i);
      yield { type: 'close', name, local, ns, pos: i };
      scope = stack.length > 0 ? stack[stack.length - 1]!.ns : new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]);
      i = end + 1;
    } else {
      NAME.lastIndex = i + 1;
      const m = NAME.exec(src);
      if (!m) throw xmlError('bad start tag', i, 'xml.badStartTag', {});
      const name = m[0];
      let j = NAME.lastIndex;
      const attrs: Record<string, string> = {};
      for (;;) {
        TAG_END.lastIndex = j;
        const e = TAG_END.exec(src);
        if (e) { j += e[0].length - e[1]!.length; break; }
        ATTR.lastIndex = j;
        const a = ATTR.exec(src);
        if (!a) throw xmlError(`bad attribute in <${name}>`, j, 'xml.badAttribute', { element: name });
        attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '', j);
        j = ATTR.lastIndex;
      }
      const selfClosing = src[j] === '/';
      i = j + (selfClosing ? 2 : 1);
      let own = scope;
      for (const [k, v] of Object.entries(attrs)) {
        if (k === 'xmlns' || k.startsWith('xmlns:')) {
          if (own === scope) own = new Map(scope);
          own.set(k === 'xmlns' ? '' : k.slice(6), v);
        }
      }
      const { local, ns } = resolve(name, own, lt);
      yield { type: 'open', name, local, ns, attrs, selfClosing, pos: lt };
      if (selfClosing) yield { type: 'close', name, local, ns, pos: lt };
      else {
        stack.push({ name, ns: own });
        scope = own;
      }
    }
  }
  if (stack.length > 0) throw xmlError(`<${stack[stack.length - 1]!.name}> is never closed`, n, 'xml.neverClosed', { element: stack[stack.length - 1]!.name });
}

function resolve(name: string, scope: Map<string, string>, pos: number): { local: string; ns: string } {
  const c = name.indexOf(':');
  if (c < 0) return { local: name, ns: scope.get('') ?? '' };
  const prefix = name.slice(0, c);
  const ns = scope.get(prefix);
  if (ns === undefined) throw xmlError(`undeclared namespace prefix ${prefix}`, pos, 'xml.undeclaredPrefix', { prefix });
  return { local: name.slice(c + 1), ns };
}
