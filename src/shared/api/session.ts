import { z } from 'zod';
import { defineCall } from './contract.ts';
import { LANGUAGES } from '../domain/ui-constants.ts';
import { IDENTITIES } from '../domain/identities.ts';

export const themeColorSchema = z.object({ bgColor: z.string(), btColor: z.string() });
export type ThemeColor = z.infer<typeof themeColorSchema>;

/** Session user info: SchoolID, SchoolName, SchoolCode per the spec, plus who the user is. */
export const userInfoSchema = z.object({
  UserID: z.number().int(),
  Account: z.string(),
  Name: z.string(),
  SchoolID: z.number().int(),
  SchoolName: z.string(),
  SchoolEnName: z.string(),
  SchoolCode: z.string(),
  Identity: z.enum(IDENTITIES),
  Roles: z.array(z.object({ ID: z.number().int(), Name: z.string(), EnName: z.string() })),
  Language: z.enum(LANGUAGES),
  /** Password policy of the school: basic (>= 6) or strong (> 8, three classes). */
  PasswordPolicy: z.enum(['basic', 'strong']),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Unit (school) info incl. ThemeColor, a JSON with bgColor and btColor. */
/**
 * The unit (school). Without a token only what a sign-in or portal page shows is answered (ID,
 * names, theme colours); code, address, area and learning period go to its signed-in users only.
 */
export const unitInfoSchema = z.object({
  SchoolID: z.number().int(),
  SchoolName: z.string(),
  SchoolEnName: z.string(),
  SchoolCode: z.string().optional(),
  Address: z.string().optional(),
  Area: z.string().optional(),
  LearningPeriod: z.string().optional(),
  ThemeColor: themeColorSchema,
});
export type UnitInfo = z.infer<typeof unitInfoSchema>;

export const sessionCalls = {
  getUser: defineCall({
    appScope: 'library.profile', id: 'session.getUser', method: 'GET', path: '/micro/basic/v2/open/user/get', auth: 'user', spec: true,
    toast: false, input: z.object({}), data: userInfoSchema,
  }),
  getUnitInfo: defineCall({
    id: 'session.getUnitInfo', method: 'GET', path: '/micro/basic/open/space/info', auth: 'optional', spec: true,
    rateLimit: 'public', input: z.object({}), data: unitInfoSchema,
  }),
} as const;
