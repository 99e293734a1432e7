import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig, type GatewayConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../security/passwords.ts';
import type { SsoSettings } from './sso-service.ts';

/**
 * The gateway for the SSO tests: core's buildApp on a temp node:sqlite database without the demo
 * seed, plus two schools (basic and strong password policy) and three users.
 */
export const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const PUBLIC_URL = 'http://localhost';
export const PASSWORD = 'Secret#2024';

export interface SsoTestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dataDir: string;
  ids: { schoolA: number; schoolB: number; alice: number; bob: number; carol: number };
  /** keep: leave the data folder for a restart test. */
  close(keep?: boolean): Promise<void>;
}

export async function buildSsoTestApp(
  opts: {
    testHooks?: boolean;
    settings?: Partial<SsoSettings>;
    /** restart on an earlier app's data */
    dataDir?: string;
    /** Another database (PostgreSQL tests); default: SQLite in the data folder. */
    db?: GatewayConfig['db'];
    /** Outgoing e-mail; default: the outbox in the data folder. */
    mail?: GatewayConfig['mail'];
  } = {},
): Promise<SsoTestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sso-test-'));
  const config = {
    ...loadConfig([], { LIB_SEED: '0', LIB_TEST_HOOKS: opts.testHooks === false ? '0' : '1' }),
    dataDir,
    publicUrl: PUBLIC_URL,
    ...(opts.db ? { db: opts.db } : {}),
    ...(opts.mail ? { mail: opts.mail } : {}),
  };
  // Core's gateway (migrations incl. 0002-sso, call registration, envelope, global rate limit).
  const app = await buildApp(config, { sso: { passwordHashParams: FAST_SCRYPT, settings: opts.settings } });
  const db = app.db;
  if (opts.dataDir) {
    const ids = await db.selectFrom('users').select(['id', 'account', 'school_id']).orderBy('id').execute();
    const [a, b, c] = ids;
    await app.ready();
    return {
      app, db, dataDir,
      ids: { schoolA: a!.school_id, schoolB: b!.school_id, alice: a!.id, bob: b!.id, carol: c!.id },
      close: async (keep = false) => {
        await app.close();
        if (!keep) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const now = new Date().toISOString();
  const school = async (code: string, name: string, policy: 'basic' | 'strong') =>
    (await db.insertInto('schools')
      .values({ code, name, en_name: `${name} (en)`, address: '', area: '', learning_period: '', theme_color: '{}', password_policy: policy, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
  const schoolA = await school('SCHA', '第一中学', 'basic');
  const schoolB = await school('SCHB', '第二中学', 'strong');
  const hash = await hashPassword(PASSWORD, FAST_SCRYPT);
  const user = async (schoolId: number, account: string, status = 'active') =>
    (await db.insertInto('users')
      .values({
        school_id: schoolId, account, name: account, password_hash: hash, identity: 'teacher', reader_id: account,
        dept_id: null, status, phone: '', email: '', sex: 'unknown', birthday: null, language: 'zh-CN', expire_at: null,
        deposit: 0, pinyin: '', initials: '', created_at: now, updated_at: now,
      })
      .returning('id').executeTakeFirstOrThrow()).id;
  const alice = await user(schoolA, 'alice');
  const bob = await user(schoolB, 'bob');
  const carol = await user(schoolA, 'carol', 'disabled');
  await app.ready();
  return {
    app, db, dataDir, ids: { schoolA, schoolB, alice, bob, carol },
    async close(keep = false) {
      await app.close();
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny cookie jar for app.inject (names only; the tests stay on one host). */
export class CookieJar {
  readonly map = new Map<string, string>();
  take(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.map.delete(c.name);
      else this.map.set(c.name, c.value);
    }
  }
  header(): string {
    return [...this.map].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Path + query of an absolute or relative address (inject wants a path). */
export const pathOf = (url: string): string => {
  const u = new URL(url, PUBLIC_URL);
  return u.pathname + u.search;
};
