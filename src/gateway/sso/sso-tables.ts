import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Tables of migration 0002-sso (the gateway's Database type stays core's; SSO code widens it). */
export interface SsoModelsTable {
  model: string;
  id: string;
  payload: string;
  expires_at: number | null;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  consumed_at: number | null;
  grace_used: number;
  revoked: number;
}

export interface SsoEndedGrantsTable {
  grant_id: string;
  account_id: string | null;
  ended_at: number;
  expires_at: number;
}

export interface SsoDatabase extends Database {
  sso_models: SsoModelsTable;
  sso_ended_grants: SsoEndedGrantsTable;
}

export type SsoDb = Kysely<SsoDatabase>;

export const epochNow = (): number => Math.floor(Date.now() / 1000);
