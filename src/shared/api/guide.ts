import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { codeText, passwordField } from '../domain/fields.ts';

/**
 * The reading-guide kiosk's own calls (/guidescreen/userinfo). The kiosk is anonymous: it names
 * its school with the SchoolID header. A reader scans their card (and types their borrowing PIN
 * when the school asks for one at the desk, circulation-verify.ts mode 'password') and sees what
 * their card would tell the librarian: name, class, loans with due days, holds ready to collect.
 * No session is kept: each look is one call, and the kiosk forgets the answer when it signs out.
 */
const P = (action: string) => `${LIB}/Guide/${action}`;

export const guideCardSettingsSchema = z.object({ PinRequired: z.boolean() });

export const guideLoanSchema = z.object({
  Title: z.string(),
  Author: z.string(),
  /** Local day (YYYY-MM-DD) it is due back. */
  DueDate: z.string(),
  /** Whole days past the due day (0 when not overdue). */
  DaysOverdue: z.number().int(),
});
export type GuideLoan = z.infer<typeof guideLoanSchema>;

export const guideHoldSchema = z.object({
  Title: z.string(),
  BranchName: z.string(),
  BranchEnName: z.string(),
  /** Last local day to collect it, when set. */
  Until: z.string().nullable(),
});
export type GuideHold = z.infer<typeof guideHoldSchema>;

export const guideReaderCardSchema = z.object({
  Name: z.string(),
  ClassName: z.string(),
  ClassEnName: z.string(),
  Loans: z.array(guideLoanSchema),
  HoldsReady: z.array(guideHoldSchema),
});
export type GuideReaderCard = z.infer<typeof guideReaderCardSchema>;

export const guideCalls = {
  /** Whether the kiosk asks for the PIN with the card (the school's borrow-verify mode is 'password'). */
  cardSettings: defineCall({
    id: 'guide.cardSettings', method: 'POST', path: P('CardSettings'), auth: 'optional', spec: false, rateLimit: 'public',
    input: z.object({}), data: guideCardSettingsSchema,
  }),
  /**
   * The reader's own card page. A card that is unknown, not active, or whose PIN is wrong, missing
   * or locked is refused with one message (errors:guideCardRefused): the kiosk never says which.
   * Wrong PINs count towards the same lock as at the desk. The strict sign-in rate limit applies.
   */
  readerCard: defineCall({
    id: 'guide.readerCard', method: 'POST', path: P('ReaderCard'), auth: 'optional', spec: false, rateLimit: 'login', toast: false,
    input: z.object({
      CardNo: codeText({ max: 64, required: 'validation:required.cardNo' }),
      // The reader's borrowing PIN, as the desk takes it (never normalised).
      Pin: passwordField('validation:required.password').optional(),
    }),
    data: guideReaderCardSchema,
  }),
};
