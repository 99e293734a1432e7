import type { TFunction } from 'i18next';
import { statisticalQuery } from '../../../shared/api/statistical-query.ts';
import { translateMessage } from '../../../shared/domain/issue-messages.ts';
import type { Draft } from './query-model.ts';

/**
 * The query's problems in words, checked here by the contract's own schema before it is sent (the
 * gateway checks again): each names the condition it is about ("Condition 2 (CLC class number):
 * a class number starts with a letter …"), so a librarian sees what to fix without a round trip.
 */
export function queryProblems(d: Draft, t: TFunction): string[] {
  const r = statisticalQuery.safeParse(d);
  if (r.success) return [];
  const exists = (k: string) => t(k, { defaultValue: '' }) !== '';
  return r.error.issues.map((i) => {
    const [head, index] = i.path;
    let field: string;
    if ((head === 'Conditions' || head === 'AnyOf') && typeof index === 'number') {
      const c = d[head][index];
      field = t('statistical-query:ui.conditionN', { n: index + 1, group: t(`statistical-query:ui.${head === 'AnyOf' ? 'anyOf' : 'conditions'}`), field: c ? t(`statistical-query:fields.${c.Field}`) : '' });
    } else {
      field = typeof head === 'string' ? t(`validation:fields.${head}`, { defaultValue: head }) : '';
    }
    const text = translateMessage(i.message, (k, p) => t(k, p ?? {}), exists, { field });
    return text === i.message ? `${field}: ${i.message}` : text;
  });
}
