import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARC_ISSUE_CODES, MARC_ISSUE_DETAILS, type MarcIssueDetail } from '../../shared/domain/marc-rules.ts';
import { LANGUAGES } from '../../shared/domain/ui-constants.ts';
import { loadTranslator } from '../http/i18n.ts';
import { readIso2709 } from './iso2709-reader.ts';
import { fitForIso2709, writeIso2709 } from './iso2709-writer.ts';
import { detailKey, issue, issueDetailText, issueText } from './marc-issue.ts';
import { readMarcXml } from './marcxml.ts';

const LOCALES = join(import.meta.dirname, '../../../locales');
const i18n = loadTranslator(LOCALES);
const DETAILS = Object.keys(MARC_ISSUE_DETAILS) as MarcIssueDetail[];
const namesOf = (d: MarcIssueDetail): readonly string[] => MARC_ISSUE_DETAILS[d];
const hasCount = (d: MarcIssueDetail) => namesOf(d).includes('count');

type Tree = { [k: string]: string | Tree };
const localeFile = (lang: string) => JSON.parse(readFileSync(join(LOCALES, lang, 'marc.json'), 'utf8')) as Tree;
function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[`${prefix}${k}`] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}
/** The keys (under issueDetail) a detail sentence is stored as: its plural forms when it counts. */
const storedKeys = (d: MarcIssueDetail) => (hasCount(d) ? [`${d}_one`, `${d}_other`] : [d]);
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))].sort();

/** Sample facts: numbers for what counts or measures, short strings for the rest. */
function sample(d: MarcIssueDetail, count: number): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const name of namesOf(d)) params[name] = name === 'count' ? count : name === 'tag' ? '245' : 1234;
  return params;
}

describe('MARC issue detail sentences', () => {
  for (const lang of LANGUAGES) {
    const table = flatten((localeFile(lang).issueDetail ?? {}) as Tree);

    it(`${lang}: every sentence the code can emit exists, with exactly its parameters, and no other`, () => {
      const expected = DETAILS.flatMap(storedKeys).sort();
      expect(Object.keys(table).sort()).toEqual(expected);
      for (const d of DETAILS) {
        for (const key of storedKeys(d)) expect([key, placeholders(table[key]!)]).toEqual([key, [...namesOf(d)].sort()]);
      }
    });

    it(`${lang}: every sentence renders with the real translator, facts filled in, no {{ left`, () => {
      for (const d of DETAILS) {
        for (const count of hasCount(d) ? [1, 2, 5] : [0]) {
          const { tag, ...facts } = sample(d, count);
          const text = issueDetailText(i18n, lang, tag === undefined ? { detail: d, params: facts } : { detail: d, params: facts, tag: String(tag) });
          expect(text, `${lang} ${d}`).not.toBe('');
          expect(text, `${lang} ${d}`).not.toContain('{{');
          for (const v of Object.values(sample(d, count))) expect(text, `${lang} ${d}`).toContain(String(v));
        }
      }
    });
  }

  it('zh-CN: the sentences are Chinese; the only Latin letters are names of standards, sets and markup', () => {
    const table = flatten((localeFile('zh-CN').issueDetail ?? {}) as Tree);
    const allowed = /\{\{\s*\w+\s*\}\}|<\/?[\w{}]+>|\$\{\{code\}\}|\$a|MARCXML|MARC-8|MARC|UTF-8|GB18030|GBK|ISO|CDATA|ISBN/g;
    const english = Object.entries(table).filter(([, text]) => /[A-Za-z]/.test(text.replace(allowed, ''))).map(([key]) => key);
    expect(english).toEqual([]);
  });

  it('en-US: a count of one reads in the singular', () => {
    const one = DETAILS.filter(hasCount).map((d) => issueDetailText(i18n, 'en-US', { detail: d, params: sample(d, 1) }));
    for (const text of one) expect(text).not.toMatch(/\b1 (bytes|sequences)\b/);
    expect(detailKey('en-US', 'file.trailingBytes', { count: 1 })).toBe('marc:issueDetail.file.trailingBytes_one');
    expect(detailKey('en-US', 'file.trailingBytes', { count: 0 })).toBe('marc:issueDetail.file.trailingBytes_other');
    expect(detailKey('zh-CN', 'file.trailingBytes', { count: 1 })).toBe('marc:issueDetail.file.trailingBytes_other');
  });

  it('every sentence is emitted somewhere in the reader, the mapping or the writer (no dead keys)', () => {
    const dir = import.meta.dirname;
    const source = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
    const unused = DETAILS.filter((d) => !source.includes(`'${d}'`));
    expect(unused).toEqual([]);
  });

  it('every code has its message in both languages', () => {
    for (const lang of LANGUAGES) for (const code of MARC_ISSUE_CODES) expect(i18n.t(lang, `marc:issue.${code}`)).not.toBe(`marc:issue.${code}`);
  });
});

describe('issueText', () => {
  const badLength = issue('leader.badLength', 'leader.badLength', { declared: 30, actual: 56 });
  const invalid = issue('encoding.invalidBytes', 'encoding.invalidBytes', { count: 3 }, '245');

  it('keeps an issue small: params only with facts, the tag once', () => {
    expect(issue('record.noTerminator', 'record.endsByLength', {})).toEqual({ code: 'record.noTerminator', detail: 'record.endsByLength' });
    expect(invalid).toEqual({ code: 'encoding.invalidBytes', detail: 'encoding.invalidBytes', params: { count: 3 }, tag: '245' });
  });

  it('says the message and its facts in Chinese, after its note with a colon', () => {
    expect(issueText(i18n, 'zh-CN', badLength)).toBe('头标区记录长度错误（已修复）：头标区记为 30，记录实际为 56 字节');
    expect(issueText(i18n, 'zh-CN', invalid)).toBe('存在无法解码的字节（已替换）：245 字段有 3 处无法解码的字节，已替换为“�”');
    expect(issueText(i18n, 'zh-CN', { code: 'flavour.guessed' })).toBe('无法判断为 MARC 21 或 UNIMARC，按 MARC 21 读取');
  });

  it('says the same in English', () => {
    expect(issueText(i18n, 'en-US', badLength)).toBe('The leader gives a wrong record length (repaired): 30 in the leader, 56 bytes in the record');
    expect(issueText(i18n, 'en-US', invalid)).toBe('Bytes that are not characters (replaced): 3 invalid byte sequences in field 245 became “�”');
    expect(issueText(i18n, 'en-US', { ...invalid, params: { count: 1 } })).toBe('Bytes that are not characters (replaced): 1 invalid byte sequence in field 245 became “�”');
  });

  it('shows the message alone when a sentence is missing from the locale files', () => {
    const bare = { t: (_lang: string, key: string) => (key.startsWith('marc:issue.') ? 'message' : key) };
    expect(issueText(bare, 'en-US', badLength)).toBe('message');
  });
});

describe('what the readers and the writer emit', () => {
  /** Every problem and warning of the results, as both languages say them. */
  function said(results: Iterable<ReturnType<typeof readIso2709> extends Iterable<infer R> ? R : never>): string[] {
    const out: string[] = [];
    for (const r of results) {
      for (const x of r.ok ? r.warnings : [r]) for (const lang of LANGUAGES) out.push(issueText(i18n, lang, x));
    }
    return out;
  }
  const badlySaid = (texts: string[]) => texts.filter((text) => text.includes('{{') || text.includes('marc:'));

  it('random and damaged files: every issue reads in both languages, facts filled in', () => {
    const good = writeIso2709({ leader: '00000nam a2200000   4500', fields: [{ tag: '001', value: 'r1' }, { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: 'Title' }] }] });
    const alphabet = fc.constantFrom(0x1d, 0x1e, 0x1f, 0x30, 0x32, 0x34, 0x35, 0x20, 0x0a, 0x61, 0xe2, 0xb0, 0x1b, 0xff);
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 600 }), fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }), (noise, edits) => {
      const damaged = Buffer.from(good);
      for (const [at, v] of edits) damaged[at] = v;
      expect(badlySaid(said(readIso2709(Buffer.concat([damaged, Uint8Array.from(noise), good]))))).toEqual([]);
    }), { numRuns: 300 });
  });

  it('MARCXML that is not well formed, and its left-out parts', () => {
    const broken = [
      '<collection><record><leader>short</leader><datafield tag="24" ind1=" " ind2=" "><subfield code="ab">x</subfield></datafield></record></collection>',
      '<record><leader>00000nam a2200000   4500</leader></collection>',
      '<record><leader>&bogus;</leader></record>',
      '<record><x:leader/></record>',
      '<record><leader>00000nam a2200000   4500</leader>',
      '<record><!-- open',
      '</record>',
      'text<record/>',
      '<?xml version="1.0"?><other/>',
    ];
    const texts = broken.flatMap((xml) => said(readMarcXml(xml)));
    expect(badlySaid(texts)).toEqual([]);
    expect(texts).toContain('MARCXML 格式不正确（字符位置 49：</collection> 与 <record> 不配对）');
    expect(texts).toContain('Non-standard leader values (standard ones assumed): a leader has 24 characters, this one 5');
    expect(texts).toContain('MARCXML 格式不正确（字段标识符为“24”的字段已略去）');
  });

  it('the writer says what it shortened', () => {
    const long = { leader: '00000nam a2200000   4500', fields: [{ tag: '520', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'x'.repeat(10_000) }] }] };
    const { warnings } = fitForIso2709(long);
    expect(warnings.map((w) => issueText(i18n, 'zh-CN', w))).toEqual(['字段超过 9999 字节（520 字段的 $a 子字段截短了 6 字节，以符合 ISO 2709）']);
    expect(warnings.map((w) => issueText(i18n, 'en-US', w))).toEqual(['A field longer than 9,999 bytes (field 520 $a shortened by 6 bytes to fit ISO 2709)']);
  });
});
