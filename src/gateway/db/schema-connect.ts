import type { ColumnType, Generated } from 'kysely';

/** Tables of the sign-in hand-off from a school platform (0044). */

export interface BridgePlatformsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  /** The ticket's `iss`: "bp-" and random letters, made by the gateway, unique. */
  key_id: string;
  /** The platform's Ed25519 public key, PEM (SPKI). */
  public_key: string;
  /** May hand staff to the staff app (readers to the portal always). */
  allow_staff: Generated<number>;
  enabled: Generated<number>;
  last_used_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface BridgeTicketsUsedTable {
  platform_id: number;
  jti: string;
  /** Epoch seconds: the row may go once the ticket could no longer be accepted anyway. */
  expires_at: number;
}
