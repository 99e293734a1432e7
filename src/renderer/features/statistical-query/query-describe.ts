import type { TFunction } from 'i18next';
import { valueCount, type QueryCondition, type QueryField } from '../../../shared/api/statistical-query.ts';
import type { Draft } from './query-model.ts';

type Choices = (field: QueryField) => Array<{ value: string; label: string }> | null;

/** A condition in words ("Class is one of 1 (1), 1 (2)"), for the print sheet. */
export function describeCondition(c: QueryCondition, t: TFunction, choicesOf: Choices): string {
  const choices = choicesOf(c.Field);
  const word = (v: string) => choices?.find((x) => x.value === v)?.label ?? v;
  const values = valueCount(c.Op) === 2 ? `${word(c.Values[0] ?? '')} – ${word(c.Values[1] ?? '')}` : c.Values.map(word).join(', ');
  return `${t(`statistical-query:fields.${c.Field}`)} ${t(`statistical-query:ops.${c.Op}`)} ${values}`;
}

/** The query in words, one entry per part (the print sheet lists them under the title). */
export function describeDraft(d: Draft, t: TFunction, choicesOf: Choices): Record<string, string> {
  const out: Record<string, string> = {
    Subject: t(`statistical-query:subjects.${d.Subject}`),
    Period: `${d.From} – ${d.To}`,
  };
  if (d.Conditions.length) out.Conditions = d.Conditions.map((c) => describeCondition(c, t, choicesOf)).join('；');
  if (d.AnyOf.length) out.AnyOf = d.AnyOf.map((c) => describeCondition(c, t, choicesOf)).join(' / ');
  if (d.GroupBy.length) out.GroupBy = d.GroupBy.map((g) => t(`statistical-query:columns.${g}`)).join(' × ');
  return out;
}
