import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { idField, text, tokenField } from '../domain/fields.ts';

/**
 * The apps and devices a user is signed in with (/connect/unoauth): one entry per SSO grant (a
 * sign-in of one app on one device, kept alive by its refresh token), with revoke. Revoking ends
 * the grant like a sign-out there: its tokens stop working at once. A user sees and ends only
 * their own grants; the one this request came with is marked and ended by signing out instead.
 */
export const connectedAppSchema = z.object({
  GrantID: z.string(),
  /** The OAuth client: library-admin (staff app), library-portal (search portal), or another registered one. */
  ClientID: z.string(),
  SignedInAt: z.string().nullable(),
  LastUsedAt: z.string().nullable(),
  ExpiresAt: z.string().nullable(),
  Current: z.boolean(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;

export const connectCalls = {
  apps: defineCall({
    id: 'connect.apps', method: 'POST', path: `${LIB}/Connect/GetConnectedApps`, auth: 'user', spec: false, log: 'never',
    input: z.object({}), data: z.array(connectedAppSchema),
  }),
  revoke: defineCall({
    id: 'connect.revoke', method: 'POST', path: `${LIB}/Connect/RevokeApp`, auth: 'user', spec: false,
    input: z.object({ GrantID: tokenField(100, { required: 'validation:required.id' }) }), data: z.null(),
  }),
} as const;

// ---- Sign-in hand-off from a school platform (/bridge; see gateway sso/bridge-tickets.ts) ----

/** The unit settings screen the platforms are kept on, and the key that changes them. */
export const BRIDGE_MENU = '/library/basic-info';
export const BRIDGE_EDIT = 'basic.library.edit';

export const bridgePlatformSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  /** What the platform writes as the ticket's `iss`. */
  KeyID: z.string(),
  PublicKey: z.string(),
  /** SHA-256 of the key (DER), its first 16 hex digits: to compare with the platform's side. */
  Fingerprint: z.string(),
  AllowStaff: z.boolean(),
  Enabled: z.boolean(),
  LastUsedAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type BridgePlatform = z.infer<typeof bridgePlatformSchema>;

export const saveBridgePlatformInput = z.object({
  ID: idField().optional(),
  Name: text({ max: 100, required: 'validation:required.name' }),
  /** PEM, "-----BEGIN PUBLIC KEY-----" … (Ed25519); the gateway checks what it is. */
  PublicKey: text({ max: 1000, multiline: true, required: 'connect:bridge.keyRequired' }),
  AllowStaff: z.boolean({ error: 'validation:text.type' }).default(false),
  Enabled: z.boolean({ error: 'validation:text.type' }).default(true),
});

/** What a ticket would do, checked without using it up (for the school's integrator). */
export const bridgeTicketCheckSchema = z.object({
  OK: z.boolean(),
  /** connect:bridge.reason.<Reason> when refused. */
  Reason: z.string().nullable(),
  Platform: z.string().nullable(),
  Account: z.string().nullable(),
  UserName: z.string().nullable(),
  ExpiresAt: z.string().nullable(),
});

const staff = { method: 'POST', auth: 'user', spec: false } as const;
const B = (name: string) => `${LIB}/Connect/${name}`;

export const bridgeCalls = {
  platforms: defineCall({ ...staff, id: 'connect.bridgePlatforms', path: B('GetBridgePlatforms'), perm: BRIDGE_MENU, log: 'never', input: z.object({}), data: z.array(bridgePlatformSchema) }),
  save: defineCall({ ...staff, id: 'connect.saveBridgePlatform', path: B('SaveBridgePlatform'), perm: BRIDGE_EDIT, input: saveBridgePlatformInput, data: bridgePlatformSchema }),
  remove: defineCall({ ...staff, id: 'connect.deleteBridgePlatform', path: B('DeleteBridgePlatform'), perm: BRIDGE_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  check: defineCall({
    ...staff, id: 'connect.checkBridgeTicket', path: B('CheckBridgeTicket'), perm: BRIDGE_EDIT, log: 'never',
    input: z.object({ BridgeTicket: tokenField(2048, { required: 'connect:bridge.ticketRequired' }), App: z.enum(['portal', 'staff'], { error: 'validation:text.type' }).default('portal') }),
    data: bridgeTicketCheckSchema,
  }),
} as const;
