import type { TFunction } from 'i18next';
import type { CornerLoan } from '../../../shared/api/class-corner.ts';

/** A loan's due state in words: days left, due today, or days overdue. */
export function dueText(t: TFunction, loan: Pick<CornerLoan, 'DueDay' | 'Overdue' | 'OverdueDays'>, today: string): string {
  if (loan.Overdue) return t('class-corner:due.late', { days: loan.OverdueDays });
  const left = Math.round((Date.parse(`${loan.DueDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return left <= 0 ? t('class-corner:due.today') : t('class-corner:due.left', { days: left });
}

/** Today as the user's local yyyy-mm-dd (the school's day, at a school's own desk). */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** An instant as a local yyyy-mm-dd. */
export const dayOf = (instant: string | null) => (instant ? localToday(new Date(instant)) : '');
