import { createHash } from 'node:crypto';
import { bridgeCalls as C, type BridgePlatform } from '../../shared/api/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { newDeviceClientId } from '../security/device-secrets.ts';
import { checkBridgeTicket, ed25519PublicKey } from '../sso/bridge-tickets.ts';
import type { Selectable } from 'kysely';
import type { SsoDb } from '../sso/sso-tables.ts';
import type { BridgePlatformsTable } from '../db/schema-connect.ts';

/**
 * The school platforms a school trusts to sign its users in (/bridge), kept with the unit's
 * settings (/library/basic-info). Only public keys are stored; the key id is made here.
 */

function fingerprint(pem: string): string {
  const key = ed25519PublicKey(pem);
  return key ? createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16) : '';
}

const toPlatform = (r: Selectable<BridgePlatformsTable>): BridgePlatform => ({
  ID: r.id, Name: r.name, KeyID: r.key_id, PublicKey: r.public_key, Fingerprint: fingerprint(r.public_key),
  AllowStaff: !!r.allow_staff, Enabled: !!r.enabled, LastUsedAt: r.last_used_at, CreatedAt: r.created_at,
});

async function platformRow(ctx: CallContext, schoolId: number, id: number) {
  const row = await ctx.app.db.selectFrom('bridge_platforms').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound('connect:bridge.notFound');
  return row;
}

export const bridgeHandlers = {
  'connect.bridgePlatforms': handler(C.platforms, async (_input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const rows = await ctx.app.db.selectFrom('bridge_platforms').selectAll().where('school_id', '=', schoolId).orderBy('id').execute();
    return rows.map(toPlatform);
  }),

  'connect.saveBridgePlatform': handler(C.save, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const pem = input.PublicKey.trim();
    // The key must be what the tickets are checked with: an Ed25519 public key, nothing else.
    if (!ed25519PublicKey(pem)) throw AppError.badRequest('connect:bridge.badKey');
    const db = ctx.app.db;
    const same = await db.selectFrom('bridge_platforms').select('id').where('school_id', '=', schoolId).where('name', '=', input.Name)
      .$if(input.ID != null, (q) => q.where('id', '!=', input.ID!)).executeTakeFirst();
    if (same) throw AppError.conflict('connect:bridge.nameTaken');
    const now = new Date().toISOString();
    const values = { name: input.Name, public_key: pem, allow_staff: input.AllowStaff ? 1 : 0, enabled: input.Enabled ? 1 : 0, updated_at: now };
    if (input.ID != null) {
      await platformRow(ctx, schoolId, input.ID);
      await db.updateTable('bridge_platforms').set(values).where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      return toPlatform(await platformRow(ctx, schoolId, input.ID));
    }
    const row = await db.insertInto('bridge_platforms')
      .values({ ...values, school_id: schoolId, key_id: newDeviceClientId('bp-'), created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return toPlatform(await platformRow(ctx, schoolId, row.id));
  }),

  'connect.deleteBridgePlatform': handler(C.remove, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    await platformRow(ctx, schoolId, input.ID);
    // Its used-ticket ids go with it (the foreign key cascades).
    await ctx.app.db.deleteFrom('bridge_platforms').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    return null;
  }),

  'connect.checkBridgeTicket': handler(C.check, async (input, ctx) => {
    const { schoolId } = requireUser(ctx);
    const r = await checkBridgeTicket(ctx.app.db as unknown as SsoDb, input.BridgeTicket, input.App, undefined, schoolId);
    if (!r.ok) return { OK: false, Reason: r.reason, Platform: null, Account: null, UserName: null, ExpiresAt: null };
    return { OK: true, Reason: null, Platform: r.platformName, Account: r.account, UserName: r.userName, ExpiresAt: new Date(r.exp * 1000).toISOString() };
  }),
} satisfies HandlerMapFor<typeof C>;
