import type { Kysely } from 'kysely';
import type { GatewayConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { DbHandle } from './db/connect.ts';
import type { TokenVerifier } from './access/principal.ts';
import type { Translator } from './http/i18n.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { PermissionCache } from './access/permissions.ts';
import type { SchoolRulesCache } from './borrow-rules/rules-cache.ts';

// What buildApp decorates the Fastify instance with (app.ts); `tokens` comes from the SSO plugin.
declare module 'fastify' {
  interface FastifyInstance {
    config: GatewayConfig;
    db: Kysely<Database>;
    dbHandle: DbHandle;
    tokens: TokenVerifier;
    i18n: Translator;
    jobs: JobRunner;
    permissions: PermissionCache;
    /** Each school's borrowing rules for the desk (borrow-rules/rules-cache.ts). */
    schoolRules: SchoolRulesCache;
  }
}

export {};
