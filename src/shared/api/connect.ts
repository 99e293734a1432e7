import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { tokenField } from '../domain/fields.ts';

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
