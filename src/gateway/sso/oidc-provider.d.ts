// Minimal typings for the parts of oidc-provider 9 the SSO module uses (the package ships none).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextLike {
    status: number;
    type: string;
    body: unknown;
    method: string;
    path: string;
    url: string;
    query: Record<string, unknown>;
    querystring: string;
    get(name: string): string;
    set(name: string, value: string): void;
    req: IncomingMessage;
    res: ServerResponse;
    oidc?: {
      route?: string;
      session?: { accountId?: string; authorizations?: Record<string, { grantId?: string }> };
      client?: { clientId: string; [k: string]: unknown };
      params?: Record<string, unknown>;
      result?: { consent?: { grantId?: string } };
      requestParamScopes: Set<string>;
      account?: { accountId: string };
      entities: Record<string, unknown>;
    };
  }

  export interface BaseTokenLike {
    jti: string;
    accountId?: string;
    clientId: string;
    grantId?: string;
    scope?: string;
    extra?: Record<string, unknown>;
    exp?: number;
    isExpired: boolean;
  }

  export interface GrantLike {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    getOIDCScope(): string;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface InteractionLike {
    uid: string;
    exp: number;
    returnTo: string;
    params: Record<string, unknown>;
    prompt: { name: string; details: Record<string, unknown> };
    result?: Record<string, unknown>;
    lastSubmission?: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    /** The grant the client already has with this account, when it asks for more. */
    grantId?: string;
    save(ttl: number): Promise<string>;
  }

  interface ModelStatic<T> {
    find(id: string, opts?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(fn: (ctx: KoaContextLike, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, fn: (...args: unknown[]) => void): this;
    urlFor(name: string, opts?: Record<string, unknown>): string;
    readonly AccessToken: ModelStatic<BaseTokenLike>;
    readonly ClientCredentials: ModelStatic<BaseTokenLike> & {
      new (init: { client: object; scope?: string }): BaseTokenLike & { expiration: number; save(): Promise<string> };
    };
    readonly Client: ModelStatic<object>;
    readonly RefreshToken: ModelStatic<BaseTokenLike>;
    readonly Interaction: ModelStatic<InteractionLike>;
    readonly Grant: ModelStatic<GrantLike> & { new (init: { accountId: string; clientId: string }): GrantLike };
  }
}
