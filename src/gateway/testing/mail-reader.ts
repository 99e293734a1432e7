/**
 * Reads the single-part text messages the gateway sends (as received by a test SMTP server or
 * written to the outbox): headers with RFC 2047 encoded words, a base64, quoted-printable or
 * 7bit body. Enough for tests; not a general MIME parser.
 */
export interface ReadMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

function decodeQp(s: string): Buffer {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

export function readMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const enc = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : enc === 'quoted-printable' ? decodeQp(body).toString('utf8')
    : body;
  return {
    to: decodeWords(headers.get('to') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n'),
  };
}

/** The six-digit code on its own line of a sign-in code e-mail. */
export function codeIn(text: string): string | null {
  return /^\s+(\d{6})\s*$/m.exec(text)?.[1] ?? null;
}
