import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { LANGUAGES } from '../domain/ui-constants.ts';
import { codeText, passwordField, text, tokenField } from '../domain/fields.ts';

const schoolCode = codeText({ max: 32, required: 'validation:required.schoolCode' });

/** Six digits, as e-mailed by Home/SendLoginCode. */
export const emailCodeSchema = z.string().trim().max(6).regex(/^\d{6}$/, { error: 'validation:emailCode.format' });

export const tokenSchema = z.object({
  token_type: z.string(),
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
  id_token: z.string().optional(),
  scope: z.string().optional(),
});
export type Token = z.infer<typeof tokenSchema>;

export const platConfigSchema = z.object({
  /** Issuer of the SSO (oidc-provider), e.g. http://127.0.0.1:8080/sso */
  Authority: z.string(),
  ClientID: z.string(),
  PortalClientID: z.string(),
  Scope: z.string(),
  /** Path (under the app base) the SSO returns to; the gateway turns /library/callback into #/callback. */
  RedirectPath: z.string(),
  PortalRedirectPath: z.string(),
  PostLogoutRedirectPath: z.string(),
  Languages: z.array(z.enum(LANGUAGES)),
  /**
   * The portal as readers' phones reach it (the gateway's public address + /library/); null when
   * the gateway answers on a loopback address only (an embedded gateway), which no phone reaches.
   */
  PortalUrl: z.string().nullable(),
});

export const captchaSchema = z.object({
  CaptchaID: z.string(),
  /** PNG data URL of the background with the gap drawn in. */
  Background: z.string(),
  /** PNG data URL of the puzzle piece. */
  Piece: z.string(),
  Width: z.number().int(),
  Height: z.number().int(),
  PieceSize: z.number().int(),
  /** Vertical position of the piece; the horizontal gap position is never sent. */
  PieceY: z.number().int(),
  ExpiresIn: z.number().int(),
});

export const menuSchema = z.object({
  ID: z.number().int(),
  ParentID: z.number().int().nullable(),
  MenuName: z.string(),
  MenuEnName: z.string(),
  Url: z.string(),
  Icon: z.string(),
  Sort: z.number().int(),
  /** Operations (buttons) allowed on this menu for the user's roles. */
  Functions: z.array(z.string()),
  /** External menus open in /iframe. */
  External: z.boolean(),
});
export type Menu = z.infer<typeof menuSchema>;

export const authCalls = {
  clientToken: defineCall({
    id: 'auth.clientToken', method: 'POST', path: '/oauth2/connect/token', auth: 'none', spec: true, raw: true,
    rateLimit: 'login',
    input: z.object({
      grant_type: z.literal('client_credentials'),
      client_id: tokenField(128),
      client_secret: tokenField(256),
      scope: text({ max: 256 }).optional(),
    }),
    data: z.object({ access_token: z.string(), token_type: z.string(), expires_in: z.number().int(), scope: z.string().optional() }),
  }),
  getPlatConfig: defineCall({
    id: 'auth.getPlatConfig', method: 'GET', path: `${LIB}/WebPlat/GetPlatConfig`, auth: 'none', spec: true,
    input: z.object({}), data: platConfigSchema,
  }),
  endSession: defineCall({
    id: 'auth.endSession', method: 'GET', path: `${LIB}/WebPlat/EndSession`, auth: 'user', spec: true,
    input: z.object({ PostLogoutRedirectPath: tokenField(2048).optional() }),
    /** Url: the SSO end-session address to send the browser to. */
    data: z.object({ Url: z.string() }),
  }),
  imageCaptcha: defineCall({
    id: 'auth.imageCaptcha', method: 'GET', path: `${LIB}/Home/ImageCaptCha`, auth: 'none', spec: true,
    input: z.object({ InteractionID: tokenField(128).optional() }), data: captchaSchema,
  }),
  login: defineCall({
    id: 'auth.login', method: 'POST', path: `${LIB}/Home/Login`, auth: 'none', spec: true, rateLimit: 'login',
    // Either the slider (CaptchaID + CaptchaX) or the e-mailed code (EmailCode), exactly one.
    input: z
      .object({
        Account: text({ max: 64, required: 'validation:required.account' }),
        Password: passwordField('validation:required.password'),
        CaptchaID: tokenField(128, { required: 'validation:required.captcha' }).optional(),
        /** Horizontal offset the user slid the piece to, in image pixels. */
        CaptchaX: z.number().min(0).max(2000).optional(),
        /** The one-time code from Home/SendLoginCode, the accessible alternative to the slider. */
        EmailCode: emailCodeSchema.optional(),
        /** The SSO interaction being completed. */
        InteractionID: tokenField(128),
      })
      .refine((v) => (v.EmailCode !== undefined) !== (v.CaptchaID !== undefined || v.CaptchaX !== undefined), {
        error: 'validation:required.captchaOrCode',
        path: ['EmailCode'],
      })
      .refine((v) => v.EmailCode !== undefined || (v.CaptchaID === undefined) === (v.CaptchaX === undefined), {
        error: 'validation:required.captcha',
        path: ['CaptchaX'],
      }),
    /** Redirect: where the login page sends the browser next (back into the SSO flow). */
    data: z.object({ Redirect: z.string() }),
  }),
  /**
   * Our own design: e-mails a one-time sign-in code to the account's registered address, the
   * alternative to the slider for whoever cannot solve a visual puzzle (WCAG 2.2 SC 3.3.8). The
   * reply is the same whether or not the account exists or has an address.
   */
  sendLoginCode: defineCall({
    id: 'auth.sendLoginCode', method: 'POST', path: `${LIB}/Home/SendLoginCode`, auth: 'none', spec: false, rateLimit: 'login',
    input: z.object({
      Account: text({ max: 64, required: 'validation:required.account' }),
      InteractionID: tokenField(128),
    }),
    /** Notice: "if this account has a registered e-mail, a code has been sent"; seconds until another may be asked for, and of validity. */
    data: z.object({ Notice: z.string(), ResendIn: z.number().int(), ExpiresIn: z.number().int() }),
  }),
  schoolAuth: defineCall({
    id: 'auth.schoolAuth', method: 'GET', path: '/micro/console/v2/open/school/auth', auth: 'none', spec: true,
    input: z.object({ SchoolCode: schoolCode, RedirectUrl: tokenField(2048) }),
    /** The sign-in address for the public portal of that school. */
    data: z.object({ Url: z.string(), SchoolID: z.number().int(), SchoolName: z.string() }),
  }),
  getTokenByCode: defineCall({
    id: 'auth.getTokenByCode', method: 'POST', path: `${LIB}/WebPlat/GetTokenByCode`, auth: 'none', spec: true,
    rateLimit: 'login',
    input: z.object({ Code: tokenField(512), CodeVerifier: tokenField(128, { min: 43 }), RedirectUri: tokenField(2048) }),
    data: tokenSchema,
  }),
  refreshToken: defineCall({
    id: 'auth.refreshToken', method: 'POST', path: `${LIB}/WebPlat/RefreshToken`, auth: 'none', spec: true,
    input: z.object({ refreshToken: tokenField(2048) }), data: tokenSchema,
  }),
  authorization: defineCall({
    id: 'auth.authorization', method: 'POST', path: `${LIB}/WebPlat/Authorization`, auth: 'user', spec: true,
    input: z.object({}),
    data: z.object({ Menus: z.array(menuSchema), Operations: z.array(z.string()), MenuVersion: z.enum(['old', 'new']) }),
  }),
  language: defineCall({
    id: 'auth.language', method: 'POST', path: `${LIB}/WebPlat/Language`, auth: 'user', spec: true, log: 'never',
    input: z.object({ Language: z.enum(LANGUAGES) }), data: z.object({ Language: z.enum(LANGUAGES) }),
  }),
  schoolLoginToken: defineCall({
    id: 'auth.schoolLoginToken', method: 'POST', path: `${LIB}/sys/SchoolLoginToken`, auth: 'none', spec: true,
    rateLimit: 'login',
    input: z.object({
      SchoolCode: schoolCode,
      /** Sign-in code: valid only when longer than 20 characters. */
      Code: tokenField(512, { min: 21, required: 'validation:signInCode.invalid' }),
      RedirectUrl: tokenField(2048),
      CodeVerifier: tokenField(128, { min: 43 }).optional(),
    }),
    data: tokenSchema.extend({ SchoolID: z.number().int() }),
  }),
  updatePassword: defineCall({
    id: 'auth.updatePassword', method: 'POST', path: '/micro/basic/open/user/updatePassword', auth: 'user', spec: true,
    input: z
      .object({
        OldPassword: passwordField('validation:required.oldPassword'),
        NewPassword: passwordField('validation:required.newPassword'),
        ConfirmPassword: passwordField('validation:required.confirmPassword'),
      })
      .refine((v) => v.NewPassword === v.ConfirmPassword, {
        error: 'validation:password.mismatch',
        path: ['ConfirmPassword'],
      }),
    data: z.null(),
  }),
  getReadersInfo: defineCall({
    id: 'auth.getReadersInfo', method: 'POST', path: `${LIB}/Readers/GetReadersInfo`, auth: 'user', spec: true,
    input: z.object({}),
    data: z.object({
      UserID: z.number().int(), Name: z.string(), ReaderID: z.string(), SchoolID: z.number().int(),
      SchoolName: z.string(), SchoolCode: z.string(), Identity: z.string(), DeptName: z.string().nullable(),
    }),
  }),
  getSchoolByCode: defineCall({
    id: 'auth.getSchoolByCode', method: 'POST', path: `${LIB}/Organiza/GetSchoolByCode`, auth: 'none', spec: true,
    input: z.object({ SchoolCode: schoolCode }),
    data: z.object({
      SchoolID: z.number().int(), SchoolName: z.string(), SchoolEnName: z.string(), SchoolCode: z.string(),
      ThemeColor: z.object({ bgColor: z.string(), btColor: z.string() }),
    }),
  }),
} as const;
