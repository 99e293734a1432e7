import { z } from 'zod';
import { APP_SCOPES, defineCall, LIB } from './contract.ts';
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
  /** A third-party app's names (null for the library's own apps). */
  AppName: z.string().nullable(),
  AppEnName: z.string().nullable(),
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

// ---- Third-party apps and the user's consent (/connect/oauth; gateway sso/oauth-apps.ts) ----

export const oauthAppSchema = z.object({
  ID: z.number().int(),
  /** The OAuth client_id ("app-…"), made by the gateway. */
  ClientID: z.string(),
  Name: z.string(),
  EnName: z.string(),
  RedirectUris: z.array(z.string()),
  Scopes: z.array(z.enum(APP_SCOPES)),
  Enabled: z.boolean(),
  CreatedAt: z.string(),
});
export type OauthApp = z.infer<typeof oauthAppSchema>;

/** An app's return address: https, or http on this computer (an app in development). */
export const redirectUriField = tokenField(500, { required: 'connect:apps.redirectRequired' })
  .regex(/^(https:\/\/[^\s#]+|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?(\/[^\s#]*)?)$/, { error: 'connect:apps.redirectFormat' });

export const saveOauthAppInput = z.object({
  ID: idField().optional(),
  Name: text({ max: 100, required: 'validation:required.name' }),
  EnName: text({ max: 100 }).default(''),
  RedirectUris: z.array(redirectUriField, { error: 'connect:apps.redirectRequired' }).min(1, { error: 'connect:apps.redirectRequired' }).max(5, { error: 'connect:apps.redirectTooMany' }),
  Scopes: z.array(z.enum(APP_SCOPES, { error: 'connect:apps.scopeUnknown' }), { error: 'connect:apps.scopeRequired' }).min(1, { error: 'connect:apps.scopeRequired' }).max(APP_SCOPES.length),
  Enabled: z.boolean({ error: 'validation:text.type' }).default(true),
});

/** What the consent page shows: which app asks, for what, and who is about to allow it. */
export const consentSchema = z.object({
  AppName: z.string(),
  AppEnName: z.string(),
  ClientID: z.string(),
  /** The library.* scopes asked for (each one is a sentence on the page). */
  Scopes: z.array(z.enum(APP_SCOPES)),
  /** offline_access asked for: the app stays connected until the user ends it. */
  Offline: z.boolean(),
  UserName: z.string(),
  SchoolName: z.string(),
});

const uidField = tokenField(100, { required: 'connect:consent.expired' });

export const oauthAppCalls = {
  apps: defineCall({ ...staff, id: 'connect.oauthApps', path: B('GetOAuthApps'), perm: BRIDGE_MENU, log: 'never', input: z.object({}), data: z.array(oauthAppSchema) }),
  save: defineCall({ ...staff, id: 'connect.saveOAuthApp', path: B('SaveOAuthApp'), perm: BRIDGE_EDIT, input: saveOauthAppInput, data: oauthAppSchema }),
  remove: defineCall({ ...staff, id: 'connect.deleteOAuthApp', path: B('DeleteOAuthApp'), perm: BRIDGE_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  /** The pending consent of this browser's sign-in (the uid is the SSO interaction's). */
  consent: defineCall({
    id: 'connect.consent', method: 'POST', path: B('GetConsent'), auth: 'none', rateLimit: 'public', spec: false,
    input: z.object({ InteractionID: uidField }), data: consentSchema,
  }),
  answer: defineCall({
    id: 'connect.answerConsent', method: 'POST', path: B('AnswerConsent'), auth: 'none', rateLimit: 'public', spec: false,
    input: z.object({ InteractionID: uidField, Allow: z.boolean({ error: 'validation:text.type' }) }), data: z.object({ Redirect: z.string() }),
  }),
} as const;
