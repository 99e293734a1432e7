import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { idField, text } from '../domain/fields.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { MAX_SHORTCUTS } from '../domain/ui-constants.ts';

export const shortcutSchema = z.object({
  ID: z.number().int(),
  /** Route path of the screen, e.g. /surrency/borrow */
  Url: z.string(),
  MenuName: z.string(),
  MenuEnName: z.string(),
  Icon: z.string(),
  Sort: z.number().int(),
});
export type Shortcut = z.infer<typeof shortcutSchema>;

export const noticeSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  Content: z.string(),
  PublishTime: z.string(),
  Top: z.boolean(),
  /** Shown before sign-in too; without a token only these are listed. */
  Public: z.boolean(),
});

export const dashboardSchema = z.object({
  TitleCount: z.number().int(),
  CopyCount: z.number().int(),
  ReaderCount: z.number().int(),
  OnLoanCount: z.number().int(),
  OverdueCount: z.number().int(),
  LoansToday: z.number().int(),
  ReturnsToday: z.number().int(),
  /** Loans per month over the last 12 months, oldest first; Month is YYYY-MM. */
  LoansByMonth: z.array(z.object({ Month: z.string(), Count: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const homeCalls = {
  getShortcuts: defineCall({
    id: 'home.getShortcuts', method: 'POST', path: `${LIB}/Desktop/GetHomeShortcuts`, auth: 'user', spec: true,
    input: z.object({}), data: z.array(shortcutSchema),
  }),
  /**
   * Adds shortcuts after the user's existing ones, in the order given; one already there is not
   * added twice. More than MAX_SHORTCUTS in all is refused (409) and nothing is added.
   */
  addShortcuts: defineCall({
    id: 'home.addShortcuts', method: 'POST', path: `${LIB}/Desktop/AddHomeShortcuts`, auth: 'user', log: 'never', spec: true,
    input: z.object({ Urls: z.array(text({ max: 200, min: 1 })).max(MAX_SHORTCUTS) }), data: z.array(shortcutSchema),
  }),
  updateShortcutsSort: defineCall({
    id: 'home.updateShortcutsSort', method: 'POST', path: `${LIB}/Desktop/UpdateHomeShortcutsSort`, auth: 'user', log: 'never',
    spec: true, input: z.object({ IDs: z.array(idField()).max(MAX_SHORTCUTS) }), data: z.array(shortcutSchema),
  }),
  /** Removes some of the user's shortcuts (our design: the spec adds and sorts only); unknown IDs are ignored. */
  deleteShortcuts: defineCall({
    id: 'home.deleteShortcuts', method: 'POST', path: `${LIB}/Desktop/DeleteHomeShortcuts`, auth: 'user', log: 'never',
    spec: false, input: z.object({ IDs: z.array(idField()).min(1).max(MAX_SHORTCUTS) }), data: z.array(shortcutSchema),
  }),
  getNotices: defineCall({
    id: 'home.getNotices', method: 'POST', path: '/micro/space/api/LibNotice/GetNoticeList', auth: 'optional',
    spec: true, rateLimit: 'public', input: pageQuerySchema, data: pageOf(noticeSchema),
  }),
  getDashboard: defineCall({
    id: 'home.getDashboard', method: 'POST', path: `${LIB}/Home/GetDashboard`, auth: 'user', spec: false,
    perm: 'home.dashboard', input: z.object({}), data: dashboardSchema,
  }),
} as const;
