/** Who is calling, as established from a verified bearer token. */
export interface Principal {
  kind: 'user' | 'client';
  /** users.id for user tokens; null for client-credentials tokens. */
  userId: number | null;
  /** The school the token belongs to; every query is scoped by it. */
  schoolId: number;
  clientId: string;
  scopes: string[];
  /** Grant (SSO session) the token came from; revoked when the user signs out. */
  grantId: string | null;
  /** A user token of a third-party app: only calls of its consented scopes (CallDef.appScope). */
  thirdParty?: boolean;
  /**
   * A device's token (a security gate's controller): which device and the generation of its
   * secret when the token was issued (a reset secret outdates every earlier token).
   */
  device?: { kind: 'gate'; id: number; gen: number };
}

/** Implemented by the SSO module (oidc-provider); the HTTP layer only sees this. */
export interface TokenVerifier {
  /**
   * Resolves a bearer token. Returns null for unknown or expired tokens;
   * 'signed-out' when the token's grant was ended by a sign-out elsewhere.
   */
  verify(token: string): Promise<Principal | null | 'signed-out'>;
}
