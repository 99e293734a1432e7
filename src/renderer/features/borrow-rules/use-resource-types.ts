import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { borrowRulesCalls as c } from '../../../shared/api/borrow-rules.ts';
import type { ResourceTypeRule } from '../../../shared/domain/borrowing/schemas.ts';
import { call } from '../../lib/api-client.ts';

/** The school's resource types (read-only picker list) and their names in the UI language. */
export function useResourceTypes() {
  const { i18n } = useTranslation();
  const types = useQuery({ queryKey: ['borrow-rules', 'resource-types'], queryFn: () => call(c.getResourceTypes, {}), staleTime: 60_000 });
  const list = types.data ?? [];
  const nameOf = (id: string) => {
    const ty = list.find((x) => x.ID === id);
    return ty ? (i18n.language === 'en-US' && ty.EnName ? ty.EnName : ty.Name) : id;
  };
  return { list, nameOf };
}

/** One line per type for the group list: "期刊 ≤1 · 教参 不可借". */
export function typeRulesSummary(rules: readonly ResourceTypeRule[], nameOf: (id: string) => string, t: TFunction<'borrow-rules'>): string {
  return rules
    .map((r) => `${nameOf(r.ResourceTypeID)} ${r.MaxLoans === 0 ? t('groups.typeForbidden') : t('groups.typeShort', { max: r.MaxLoans, days: r.LoanDays })}`)
    .join(' · ');
}
