import { z } from 'zod';
import { LANGUAGES } from '../domain/ui-constants.ts';
import { labelContentSchema, labelTemplateSchema } from '../domain/printing/label-template.ts';
import { tokenSchema } from '../api/auth.ts';

/**
 * The desktop bridge contract: channels `lib:<domain>.<method>`, each with zod input/output and
 * the window kinds allowed to call it. Main's single registrar and the preloads both derive from
 * this object; the renderer sees it as `window.lib` (typed by LibBridge below).
 */
export type WindowKind = 'admin' | 'guide';

export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  windows: readonly WindowKind[];
}
const channel = <I extends z.ZodType, O extends z.ZodType>(c: ChannelDef<I, O>) => c;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  electron: z.string(),
  chrome: z.string(),
  node: z.string(),
  platform: z.string(),
  arch: z.string(),
  /** Where the app data (settings, embedded gateway database) lives. */
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

// ---- RFID (main/rfid) ----

export const RFID_DEVICE_TYPES = ['3m-810', 'feig', 'stx-etx', 'rrhfoem04'] as const;
export const TAG_FORMATS = ['28560-2', '28560-3'] as const;

/** The desk's RFID board: held client-side, per machine (the spec's "RFID device type"). */
export const rfidSettingsSchema = z.object({
  type: z.enum(RFID_DEVICE_TYPES),
  /** Serial port (COM3, /dev/ttyUSB0) or HID device path; typed by hand when the OS cannot list ports. */
  port: z.string().max(200),
  baudRate: z.number().int().min(1200).max(921600).optional(),
  /** How tags are written: ISO 28560-2 (objects) or -3 (fixed basic block). */
  tagFormat: z.enum(TAG_FORMATS),
  /** ISIL of the owning library written on tags, e.g. CN-110108-LIB; '' = none. */
  ownerLibrary: z.string().max(16).regex(/^[A-Za-z0-9\-:]*$/),
});
export type RfidSettings = z.infer<typeof rfidSettingsSchema>;

/**
 * The last signed-in user who may print labels, kept so that a label station whose remote gateway
 * is down still opens into the print centre (for printing only: nothing else works without the
 * gateway). Written by main when the renderer reports a sign-in, never through settings.set.
 */
export const stationUserSchema = z.object({ name: z.string().max(100), school: z.string().max(200), at: z.string().max(40) });
export type StationUser = z.infer<typeof stationUserSchema>;

export const desktopSettingsSchema = z.object({
  language: z.enum(LANGUAGES).nullable(),
  /** Remote gateway origin, e.g. https://library.district.example; null = the embedded gateway. */
  gatewayUrl: z.string().url().nullable(),
  theme: z.enum(['light', 'dark', 'system']),
  /** null: no board at this desk. */
  rfid: rfidSettingsSchema.nullable(),
  station: stationUserSchema.nullable().default(null),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

export const gatewayAddressSchema = z.object({
  /** Origin the app talks to, e.g. http://127.0.0.1:51234 */
  url: z.string(),
  embedded: z.boolean(),
  /**
   * Set when the remote gateway could not be reached and the desk opened as an offline label
   * station: who last signed in to print, and since when the gateway is out of reach.
   */
  offline: z.object({ user: stationUserSchema, since: z.string() }).nullable().optional(),
});

export const rfidStatusSchema = z.object({
  state: z.enum(['off', 'connecting', 'ready', 'unavailable']),
  config: rfidSettingsSchema.nullable(),
  /** The technical reason a board is unavailable (port error), shown beside the translated message. */
  detail: z.string().nullable(),
});
export type RfidStatus = z.infer<typeof rfidStatusSchema>;

const uidSchema = z.string().regex(/^[0-9A-F]{16}$/);
const afiSchema = z.number().int().min(0).max(255);
export const tagDataSchema = z.object({
  primaryItemId: z.string().min(1).max(32),
  ownerLibrary: z.string().max(16).optional(),
  setInformation: z.object({ part: z.number().int().min(1).max(255), total: z.number().int().min(1).max(255) }).optional(),
  typeOfUsage: z.number().int().min(0).max(255).optional(),
  shelfLocation: z.string().max(32).optional(),
});
export const tagReadingSchema = z.object({
  uid: uidSchema,
  afi: z.number().int().optional(),
  dsfid: z.number().int().optional(),
  data: tagDataSchema.nullable(),
  format: z.enum(TAG_FORMATS).nullable(),
});
export type TagReading = z.infer<typeof tagReadingSchema>;

// ---- printing (main/printing) ----

export const printJobSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  title: z.string(),
  printer: z.string(),
  copies: z.number().int(),
  labels: z.number().int(),
  state: z.enum(['queued', 'submitting', 'held', 'released', 'done', 'cancelled']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type PrintJobInfo = z.infer<typeof printJobSchema>;

export const printRequestSchema = z.object({
  title: z.string().min(1).max(100),
  printer: z.string().min(1).max(127),
  copies: z.number().int().min(1).max(20),
  template: labelTemplateSchema,
  /** Offprint: the first label's position on the first (partly used) sheet, 0-based. */
  firstPosition: z.number().int().min(0).max(1199).optional(),
  labels: z.array(labelContentSchema).min(1).max(5000),
});
export type PrintRequest = z.infer<typeof printRequestSchema>;

/** A token as a window holds it: no refresh token. */
export const accessTokenSchema = tokenSchema.omit({ refresh_token: true });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const ipcContract = {
  'app.getInfo': channel({ input: z.void(), output: appInfoSchema, windows: ['admin', 'guide'] }),
  'settings.get': channel({ input: z.void(), output: desktopSettingsSchema, windows: ['admin', 'guide'] }),
  'settings.set': channel({ input: desktopSettingsSchema.omit({ station: true }).partial(), output: desktopSettingsSchema, windows: ['admin'] }),
  'gateway.getAddress': channel({ input: z.void(), output: gatewayAddressSchema, windows: ['admin', 'guide'] }),
  /** The offline station asks whether the remote gateway answers again; if it does, every window goes back to it. */
  'gateway.retry': channel({ input: z.void(), output: z.boolean(), windows: ['admin'] }),
  /** A user signed in: remembered for the offline label station when they may print (else forgotten). */
  'station.remember': channel({ input: z.object({ name: z.string().max(100), school: z.string().max(200), canPrint: z.boolean() }), output: z.void(), windows: ['admin'] }),
  'shell.openExternal': channel({
    input: z.string().url().refine((u) => /^https?:\/\//.test(u) || u.startsWith('mailto:'), 'only http(s) and mailto links'),
    output: z.void(),
    windows: ['admin'],
  }),
  // The session's tokens, kept by main for every window; a window only ever holds the access token.
  /** A sign-in's token. `persist`: keep the session across restarts (a staff sign-in; never from the kiosk). */
  'auth.adopt': channel({ input: z.object({ token: tokenSchema, persist: z.boolean() }), output: z.object({ kept: z.enum(['disk', 'memory']) }), windows: ['admin', 'guide'] }),
  /** The session's access token (after a reload or a restart), or null when none is held. */
  'auth.current': channel({ input: z.void(), output: accessTokenSchema.nullable(), windows: ['admin', 'guide'] }),
  /** The window's token was refused: the one refresh for all windows; null when the session is over. */
  'auth.refresh': channel({ input: z.object({ stale: z.string().max(8192) }), output: accessTokenSchema.nullable(), windows: ['admin', 'guide'] }),
  'auth.forget': channel({ input: z.void(), output: z.void(), windows: ['admin', 'guide'] }),
  // RFID board. Reading is open to the guide kiosk (a reader card on the pad); writing is not.
  'rfid.status': channel({ input: z.void(), output: rfidStatusSchema, windows: ['admin', 'guide'] }),
  'rfid.configure': channel({ input: rfidSettingsSchema.nullable(), output: rfidStatusSchema, windows: ['admin'] }),
  'rfid.listPorts': channel({ input: z.void(), output: z.array(z.object({ path: z.string(), manufacturer: z.string().optional() })), windows: ['admin'] }),
  'rfid.inventory': channel({ input: z.void(), output: z.array(z.object({ uid: uidSchema })), windows: ['admin', 'guide'] }),
  'rfid.readTag': channel({ input: z.void(), output: tagReadingSchema, windows: ['admin', 'guide'] }),
  /** Every tag on the pad (books laid at the desk, a reader card), and the ones that could not be read. */
  'rfid.readPad': channel({ input: z.void(), output: z.object({ tags: z.array(tagReadingSchema), unreadable: z.array(uidSchema) }), windows: ['admin', 'guide'] }),
  'rfid.encodeTag': channel({
    input: z.object({ data: tagDataSchema, afi: afiSchema.nullable(), uid: uidSchema.optional() }),
    output: z.object({ uid: uidSchema }),
    windows: ['admin'],
  }),
  'rfid.setAfi': channel({ input: z.object({ uid: uidSchema, afi: afiSchema }), output: z.void(), windows: ['admin'] }),
  // Printing: the label station's queue in main; none of it for the guide kiosk.
  'printing.printers': channel({ input: z.void(), output: z.array(z.string()), windows: ['admin'] }),
  'printing.print': channel({ input: printRequestSchema, output: z.object({ id: z.string(), labels: z.number().int() }), windows: ['admin'] }),
  'printing.jobs': channel({ input: z.void(), output: z.array(printJobSchema), windows: ['admin'] }),
  'printing.cancel': channel({ input: z.object({ id: z.string().uuid() }), output: z.boolean(), windows: ['admin'] }),
} as const satisfies Record<string, ChannelDef>;

export type IpcContract = typeof ipcContract;
export type ChannelName = keyof IpcContract;
export const IPC_PREFIX = 'lib:';
export const channelId = (name: ChannelName) => `${IPC_PREFIX}${name}`;

export type IpcError = { code: string; message: string; details?: unknown };
export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** What `window.lib` looks like: `lib.app.getInfo()`, `lib.settings.set({...})`, ... */
type Split<N extends string> = N extends `${infer D}.${infer M}` ? [D, M] : never;
export type LibBridge = {
  [D in Split<ChannelName>[0]]: {
    [N in ChannelName as Split<N>[0] extends D ? Split<N>[1] : never]: (
      ...args: z.input<IpcContract[N]['input']> extends void ? [] : [z.input<IpcContract[N]['input']>]
    ) => Promise<IpcResult<z.output<IpcContract[N]['output']>>>;
  };
} & { readonly kind: WindowKind };
