import iconv from 'iconv-lite';
import type { DataField, MarcField, MarcFlavour, MarcIssue, MarcRecord } from '../../shared/domain/marc-rules.ts';
import { isDataField } from '../../shared/domain/marc-rules.ts';
import { guessFlavour, normalizeLeader, type MarcReadResult, type MarcRecordRead } from './iso2709-reader.ts';
import { scanXml, XmlError } from './xml-scanner.ts';
import { issue, withFacts } from './marc-issue.ts';

/**
 * MARCXML (the MARC 21 slim schema, which UNIMARC systems use too) in and out. The reader finds
 * <record> elements in the MARCXML namespace (or none) wherever they are, so a bare record, a
 * <collection>, an OAI-PMH page or an SRU searchRetrieveResponse all read the same way, including
 * SRU's "string" packing where the record arrives as escaped text. Offsets are character
 * positions in the decoded document.
 */

export const MARCXML_NS = 'http://www.loc.gov/MARC21/slim';
/** ISO 25577 MarcXchange: MARCXML's generalisation, same element names. */
const MARCXCHANGE_NS = 'info:lc/xmlns/marcxchange-v1';
const SRU_NAMESPACES = new Set(['http://www.loc.gov/zing/srw/', 'http://docs.oasis-open.org/ns/search-ws/sruResponse', 'http://www.openarchives.org/OAI/2.0/']);

export interface MarcXmlOptions {
  flavour?: 'auto' | MarcFlavour;
  /** Report a document without any record as a problem (default true; SRU turns it off). */
  requireRecords?: boolean;
}

/** The text of an XML document: BOM, or the encoding its declaration names (GBK happens), else UTF-8. */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.toString('utf8', 3);
  if (buf[0] === 0xff && buf[1] === 0xfe) return buf.toString('utf16le', 2);
  const head = buf.toString('latin1', 0, Math.min(buf.length, 200));
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared && declared !== 'utf-8' && declared !== 'utf8' && iconv.encodingExists(declared)) return iconv.decode(buf, declared);
  return buf.toString('utf8');
}

function isMarcNs(ns: string): boolean {
  return ns === MARCXML_NS || ns === MARCXCHANGE_NS || ns === '' || (!SRU_NAMESPACES.has(ns) && /marc/i.test(ns));
}

interface Counter { index: number }

export function* readMarcXml(input: string | Uint8Array, options: MarcXmlOptions = {}): Generator<MarcReadResult> {
  const text = typeof input === 'string' ? input : decodeXmlBytes(input);
  const counter: Counter = { index: 0 };
  const found = yield* readDocument(text, 0, options, counter);
  if (!found && options.requireRecords !== false) {
    yield { ok: false, index: 0, offset: 0, length: text.length, code: 'xml.noRecords', detail: 'xml.noRecordElement' };
  }
}

/** Returns whether a record (or a problem) was yielded. */
function* readDocument(text: string, base: number, options: MarcXmlOptions, counter: Counter): Generator<MarcReadResult, boolean> {
  let found = false;
  let rec: { start: number; leader: string; fields: MarcField[]; warnings: MarcIssue[]; controlNumber?: string } | undefined;
  let field: MarcField | undefined;
  let subCode: string | undefined;
  let collecting: 'leader' | 'control' | 'subfield' | 'recordData' | undefined;
  let buffer = '';
  let recordDataStart = 0;
  let depthInData = 0;
  try {
    for (const ev of scanXml(text)) {
      if (ev.type === 'text') {
        if (collecting) buffer += ev.text;
        continue;
      }
      if (ev.type === 'open') {
        if (collecting === 'recordData') depthInData++;
        if (!rec) {
          if (ev.local === 'record' && isMarcNs(ev.ns)) {
            rec = { start: ev.pos, leader: '', fields: [], warnings: [] };
          } else if (ev.local === 'recordData' && SRU_NAMESPACES.has(ev.ns)) {
            collecting = 'recordData';
            buffer = '';
            recordDataStart = ev.pos;
            depthInData = 0;
          }
          continue;
        }
        switch (ev.local) {
          case 'leader': collecting = 'leader'; buffer = ''; break;
          case 'controlfield':
            field = { tag: ev.attrs.tag ?? '', value: '' };
            collecting = 'control';
            buffer = '';
            break;
          case 'datafield':
            field = { tag: ev.attrs.tag ?? '', ind1: (ev.attrs.ind1 ?? ' ').slice(0, 1) || ' ', ind2: (ev.attrs.ind2 ?? ' ').slice(0, 1) || ' ', subfields: [] };
            break;
          case 'subfield': subCode = ev.attrs.code ?? ''; collecting = 'subfield'; buffer = ''; break;
          default: break;
        }
        continue;
      }
      // close
      if (collecting === 'recordData' && !rec) {
        if (depthInData > 0) { depthInData--; continue; }
        if (ev.local === 'recordData') {
          collecting = undefined;
          // SRU "string" packing: the record is escaped text inside recordData.
          if (buffer.includes('<')) {
            const inner = yield* readDocument(buffer.trim(), base + recordDataStart, options, counter);
            found ||= inner;
          }
        }
        continue;
      }
      if (!rec) continue;
      switch (ev.local) {
        case 'leader': rec.leader = buffer; collecting = undefined; break;
        case 'controlfield':
          if (field && !isDataField(field)) {
            field.value = buffer;
            if (field.tag === '001' && !rec.controlNumber) rec.controlNumber = buffer.trim() || undefined;
            pushField(rec, field);
          }
          field = undefined;
          collecting = undefined;
          break;
        case 'subfield':
          if (field && isDataField(field)) {
            if (subCode && subCode.length === 1) field.subfields.push({ code: subCode, value: buffer });
            else rec.warnings.push(issue('xml.malformed', 'xml.subfieldLeftOut', { code: subCode ?? '' }, field.tag));
          }
          subCode = undefined;
          collecting = undefined;
          break;
        case 'datafield':
          if (field && isDataField(field)) pushField(rec, field);
          field = undefined;
          break;
        case 'record': {
          const tags = rec.fields.map((f) => f.tag);
          let flavour: MarcFlavour;
          if (options.flavour && options.flavour !== 'auto') flavour = options.flavour;
          else {
            const guess = guessFlavour(tags);
            flavour = guess.flavour;
            // No detail: the code's translated message says it all.
            if (guess.guessed) rec.warnings.push({ code: 'flavour.guessed' });
          }
          if (rec.leader.length !== 24) rec.warnings.push(issue('leader.badStructure', 'leader.wrongSize', { length: rec.leader.length }));
          const record: MarcRecord = { leader: normalizeLeader(rec.leader.padEnd(24, ' '), flavour), fields: rec.fields };
          const read: MarcRecordRead = { ok: true, index: counter.index++, offset: base + rec.start, length: ev.pos + ev.name.length + 3 - rec.start, record, flavour, encoding: 'utf-8', warnings: rec.warnings };
          if (rec.controlNumber) read.controlNumber = rec.controlNumber;
          found = true;
          yield read;
          rec = undefined;
          break;
        }
        default: break;
      }
    }
  } catch (e) {
    if (!(e instanceof XmlError)) throw e;
    const p = withFacts<Extract<MarcReadResult, { ok: false }>>({ ok: false, index: counter.index++, offset: base + (rec?.start ?? e.pos), length: Math.max(0, text.length - (rec?.start ?? e.pos)), code: 'xml.malformed' }, e.issue);
    if (rec?.controlNumber) p.controlNumber = rec.controlNumber;
    yield p;
    return true;
  }
  return found;
}

function pushField(rec: { fields: MarcField[]; warnings: MarcIssue[] }, field: MarcField) {
  if (!/^[0-9A-Za-z]{3}$/.test(field.tag)) {
    rec.warnings.push(issue('xml.malformed', 'xml.fieldLeftOut', { found: field.tag }));
    return;
  }
  rec.fields.push(field);
}

// ---- writing ----

// XML 1.0 cannot carry C0 controls other than tab, newline and return.
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(v: string): string {
  return v.replace(XML_ILLEGAL, '\uFFFD').replace(/[&<>"]/g, (c) => ESCAPES[c]!);
}

/** One <record> element (with the MARCXML namespace when it stands alone). */
export function recordToMarcXml(record: MarcRecord, standalone = false): string {
  let s = standalone ? `<record xmlns="${MARCXML_NS}">\n` : '  <record>\n';
  const pad = standalone ? '  ' : '    ';
  s += `${pad}<leader>${escapeXml(record.leader)}</leader>\n`;
  for (const f of record.fields) {
    if (!isDataField(f)) {
      s += `${pad}<controlfield tag="${escapeXml(f.tag)}">${escapeXml(f.value)}</controlfield>\n`;
      continue;
    }
    const d = f as DataField;
    s += `${pad}<datafield tag="${escapeXml(d.tag)}" ind1="${escapeXml(d.ind1)}" ind2="${escapeXml(d.ind2)}">\n`;
    for (const sf of d.subfields) s += `${pad}  <subfield code="${escapeXml(sf.code)}">${escapeXml(sf.value)}</subfield>\n`;
    s += `${pad}</datafield>\n`;
  }
  return `${s}${standalone ? '' : '  '}</record>\n`;
}

/** A MARCXML <collection> document. */
export function writeMarcXml(records: Iterable<MarcRecord>): string {
  let s = `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="${MARCXML_NS}">\n`;
  for (const r of records) s += recordToMarcXml(r);
  return `${s}</collection>\n`;
}
