import { z } from 'zod';
import { LANGUAGES } from '../domain/ui-constants.ts';

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

export const desktopSettingsSchema = z.object({
  language: z.enum(LANGUAGES).nullable(),
  /** Remote gateway origin, e.g. https://library.district.example; null = the embedded gateway. */
  gatewayUrl: z.string().url().nullable(),
  theme: z.enum(['light', 'dark', 'system']),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

export const gatewayAddressSchema = z.object({
  /** Origin the app talks to, e.g. http://127.0.0.1:51234 */
  url: z.string(),
  embedded: z.boolean(),
});

export const ipcContract = {
  'app.getInfo': channel({ input: z.void(), output: appInfoSchema, windows: ['admin', 'guide'] }),
  'settings.get': channel({ input: z.void(), output: desktopSettingsSchema, windows: ['admin', 'guide'] }),
  'settings.set': channel({ input: desktopSettingsSchema.partial(), output: desktopSettingsSchema, windows: ['admin'] }),
  'gateway.getAddress': channel({ input: z.void(), output: gatewayAddressSchema, windows: ['admin', 'guide'] }),
  'shell.openExternal': channel({
    input: z.string().url().refine((u) => /^https?:\/\//.test(u) || u.startsWith('mailto:'), 'only http(s) and mailto links'),
    output: z.void(),
    windows: ['admin'],
  }),
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
