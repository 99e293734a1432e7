import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeIn, readMail } from '../../src/gateway/testing/mail-reader.ts';

/**
 * The newest sign-in code e-mailed to `to` after `since` (ms), read from the outbox of the e2e
 * gateway's data folder: without LIB_SMTP_URL the gateway writes every message there.
 */
export async function codeFromOutbox(to: string, since: number, timeoutMs = 10_000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see test/playwright.config.ts)');
  const outbox = join(dataDir, 'outbox');
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.eml')).sort().reverse();
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(outbox, name);
      const mail = readMail(readFileSync(path, 'utf8'));
      if (mail.to !== to) continue;
      // File names start with the ISO time of writing (- for : and .).
      const written = Date.parse(name.slice(0, 24).replace(/^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, '$1T$2:$3:$4.$5Z'));
      if (written < since) break;
      const code = codeIn(mail.text);
      if (code) return code;
    }
  }
  throw new Error(`no sign-in code e-mail to ${to} in ${outbox}`);
}
