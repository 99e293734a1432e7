import { oauthAppCalls as C, type OauthApp } from '../../shared/api/connect.ts';
import { APP_SCOPES } from '../../shared/api/contract.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { newDeviceClientId } from '../security/device-secrets.ts';
import { APP_CLIENT_PREFIX, appGrants, appScopesOf, findAppClient, redirectUrisOf } from '../sso/oauth-apps.ts';
import { epochNow, type SsoDb } from '../sso/sso-tables.ts';
import type { Selectable } from 'kysely';
import type { OauthAppsTable } from '../db/schema-connect.ts';

/**
 * Third-party apps a school lets its users connect (kept on /library/basic-info), and the user's
 * consent to one (/connect/oauth). The consent answers the SSO's pending interaction by its uid,
 * which only the browser that signed in holds (the same binding as the sign-in page's).
 */

const toApp = (r: Selectable<OauthAppsTable>): OauthApp => ({
  ID: r.id, ClientID: r.client_id, Name: r.name, EnName: r.en_name, RedirectUris: redirectUrisOf(r.redirect_uris), Scopes: appScopesOf(r.scopes),
  Enabled: !!r.enabled, CreatedAt: r.created_at,
});

async function appRow(ctx: CallContext, schoolId: number, id: number) {
  const row = await ctx.app.db.selectFrom('oauth_apps').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound('connect:apps.notFound');
  return row;
}

/** The SSO interaction waiting for this user's consent to a third-party app. */
async function pendingConsent(ctx: CallContext, uid: string) {
  const provider = await ctx.app.sso.provider();
  const interaction = await provider.Interaction.find(uid);
  const accountId = interaction?.session?.accountId;
  if (!interaction || interaction.prompt.name !== 'consent' || !accountId) throw AppError.refused('connect:consent.expired');
  const app = await findAppClient(ctx.app.db as unknown as SsoDb, String(interaction.params.client_id ?? ''));
  if (!app) throw AppError.refused('connect:consent.unknownApp');
  const user = await ctx.app.db.selectFrom('users').innerJoin('schools', 'schools.id', 'users.school_id')
    .select(['users.id', 'users.name', 'users.school_id', 'schools.name as school_name']).where('users.id', '=', Number(accountId)).executeTakeFirst();
  if (!user) throw AppError.refused('connect:consent.expired');
  const asked = String(interaction.params.scope ?? '').split(' ');
  return { provider, interaction, app, user, asked, accountId: String(accountId) };
}

export const oauthAppHandlers = {
  'connect.oauthApps': handler(C.apps, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    return (await ctx.app.db.selectFrom('oauth_apps').selectAll().where('school_id', '=', schoolId).orderBy('id').execute()).map(toApp);
  }),

  'connect.saveOAuthApp': handler(C.save, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const db = ctx.app.db;
    const same = await db.selectFrom('oauth_apps').select('id').where('school_id', '=', schoolId).where('name', '=', input.Name)
      .$if(input.ID != null, (q) => q.where('id', '!=', input.ID!)).executeTakeFirst();
    if (same) throw AppError.conflict('connect:apps.nameTaken');
    const now = new Date().toISOString();
    const values = {
      name: input.Name, en_name: input.EnName, redirect_uris: JSON.stringify([...new Set(input.RedirectUris)]),
      scopes: APP_SCOPES.filter((s) => input.Scopes.includes(s)).join(' '), enabled: input.Enabled ? 1 : 0, updated_at: now,
    };
    if (input.ID != null) {
      const before = await appRow(ctx, schoolId, input.ID);
      await db.updateTable('oauth_apps').set(values).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      // Switched off or given fewer scopes: its tokens follow at once, not after the verifier's cache.
      ctx.app.sso.verifier.forgetClient(before.client_id);
      return toApp(await appRow(ctx, schoolId, input.ID));
    }
    const row = await db.insertInto('oauth_apps').values({ ...values, school_id: schoolId, client_id: newDeviceClientId(APP_CLIENT_PREFIX), created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return toApp(await appRow(ctx, schoolId, row.id));
  }),

  'connect.deleteOAuthApp': handler(C.remove, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const row = await appRow(ctx, schoolId, input.ID);
    // Its tokens stop working with it (the verifier finds no app); its grants end too, so the
    // users' lists of connected apps lose it at once.
    const grants = await appGrants(ctx.app.db as unknown as SsoDb, row.client_id);
    await ctx.app.db.deleteFrom('oauth_apps').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    ctx.app.sso.verifier.forgetClient(row.client_id);
    for (const g of grants) await ctx.app.sso.endGrant(g.grantId, g.accountId);
    return null;
  }),

  'connect.consent': handler(C.consent, async (input, ctx) => {
    const { app, user, asked } = await pendingConsent(ctx, input.InteractionID);
    return {
      AppName: app.name, AppEnName: app.enName, ClientID: app.clientId,
      Scopes: APP_SCOPES.filter((s) => asked.includes(s) && app.scopes.includes(s)),
      Offline: asked.includes('offline_access'), UserName: user.name, SchoolName: user.school_name,
    };
  }),

  'connect.answerConsent': handler(C.answer, async (input, ctx) => {
    const { provider, interaction, app, user, accountId } = await pendingConsent(ctx, input.InteractionID);
    if (input.Allow && user.school_id !== app.schoolId) throw AppError.refused('connect:consent.otherSchool');
    if (input.Allow) {
      const grant = (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined)
        ?? new provider.Grant({ accountId, clientId: app.clientId });
      const details = interaction.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (details.missingOIDCScope?.length) grant.addOIDCScope(details.missingOIDCScope.join(' '));
      if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
      interaction.result = { consent: { grantId: await grant.save() } };
    } else {
      interaction.result = { error: 'access_denied', error_description: 'The user did not allow the app.' };
    }
    await interaction.save(Math.max(1, interaction.exp - epochNow()));
    return { Redirect: interaction.returnTo };
  }),
} satisfies HandlerMapFor<typeof C>;
