import { connectCalls as C, type ConnectedApp } from '../../shared/api/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import type { SsoDb } from '../sso/sso-tables.ts';
import { isAppClientId } from '../sso/oauth-apps.ts';

type GrantPayload = { accountId?: string; clientId?: string; iat?: number; exp?: number };
const iso = (s: number | null | undefined) => (s ? new Date(s * 1000).toISOString() : null);

/** The user's live grants: not ended (signed out), not expired, newest use first. */
async function grantsOf(ctx: CallContext, userId: number): Promise<ConnectedApp[]> {
  const db = ctx.app.db as unknown as SsoDb;
  const now = Math.floor(Date.now() / 1000);
  // Grants are keyed by id; the account is inside the payload (oidc-provider's model), so the
  // account id narrows the text first and the JSON decides.
  const rows = await db.selectFrom('sso_models').select(['id', 'payload', 'expires_at'])
    .where('model', '=', 'Grant').where('payload', 'like', `%"accountId":"${userId}"%`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where('id', 'not in', db.selectFrom('sso_ended_grants').select('grant_id'))
    .execute();
  const mine = rows.map((r) => ({ id: r.id, p: JSON.parse(r.payload) as GrantPayload, expires: r.expires_at })).filter((r) => r.p.accountId === String(userId));
  if (!mine.length) return [];
  const used = await db.selectFrom('sso_models').select(['grant_id', 'payload'])
    .where('model', 'in', ['RefreshToken', 'AccessToken']).where('grant_id', 'in', mine.map((m) => m.id)).execute();
  const last = new Map<string, number>();
  for (const u of used) {
    const iat = (JSON.parse(u.payload) as GrantPayload).iat ?? 0;
    if (u.grant_id && iat > (last.get(u.grant_id) ?? 0)) last.set(u.grant_id, iat);
  }
  const current = ctx.principal?.grantId ?? null;
  const appIds = [...new Set(mine.map((m) => m.p.clientId ?? '').filter(isAppClientId))];
  const apps = new Map((appIds.length
    ? await ctx.app.db.selectFrom('oauth_apps').select(['client_id', 'name', 'en_name']).where('client_id', 'in', appIds).execute()
    : []).map((a) => [a.client_id, a]));
  return mine
    .map((m) => ({
      GrantID: m.id, ClientID: m.p.clientId ?? '', AppName: apps.get(m.p.clientId ?? '')?.name ?? null, AppEnName: apps.get(m.p.clientId ?? '')?.en_name ?? null, SignedInAt: iso(m.p.iat), LastUsedAt: iso(last.get(m.id) ?? m.p.iat),
      ExpiresAt: iso(m.expires ?? m.p.exp), Current: m.id === current,
    }))
    .sort((a, b) => Number(b.Current) - Number(a.Current) || (b.LastUsedAt ?? '').localeCompare(a.LastUsedAt ?? ''));
}

export const connectHandlers = {
  'connect.apps': handler(C.apps, async (_input, ctx) => grantsOf(ctx, requireUser(ctx).userId)),
  'connect.revoke': handler(C.revoke, async (input, ctx) => {
    const { userId } = requireUser(ctx);
    const grant = (await grantsOf(ctx, userId)).find((g) => g.GrantID === input.GrantID);
    // Another user's grant, an ended one or a made-up id: all "not found", nothing said about which.
    if (!grant) throw AppError.notFound();
    if (grant.Current) throw AppError.refused('errors:connect.current');
    await ctx.app.sso.endGrant(grant.GrantID, String(userId));
    return null;
  }),
} satisfies HandlerMapFor<typeof C>;
