import { Controller, useWatch, type Control, type FieldError, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceTypeRule } from '../../../shared/domain/borrowing/schemas.ts';
import { messageText } from '../../kit/fields/zod-locale.ts';
import { TypeLimitsEditor, type RuleDraft } from './type-limits-editor.tsx';
import { useResourceTypes } from './use-resource-types.ts';

type RowErrors = Partial<Record<keyof ResourceTypeRule, FieldError>>;

/**
 * ByResourceType bound to the group form: the form's resolver (permissionGroupSchema, the gateway's
 * schema) validates the rows; its messages, i18n keys or zod's own, are shown translated.
 */
export function TypeLimitsField({ control }: { control: Control<FieldValues> }) {
  const { t, i18n } = useTranslation();
  const types = useResourceTypes();
  const [LoanDays, RenewDays, MaxRenewals] = useWatch({ control, name: ['LoanDays', 'RenewDays', 'MaxRenewals'] }) as Array<number | undefined>;
  const text = (m: string | undefined) => messageText(t, (k) => i18n.exists(k), m);
  return (
    <Controller
      name="ByResourceType"
      control={control}
      render={({ field, fieldState, formState }) => {
        const err = fieldState.error as (FieldError & { root?: FieldError } & Record<number, RowErrors | undefined>) | undefined;
        const rows = (field.value ?? []) as RuleDraft[];
        return (
          <TypeLimitsEditor
            value={rows}
            onChange={field.onChange}
            types={types.list}
            rowDefaults={{ MaxLoans: 1, LoanDays: LoanDays ?? 0, RenewDays: RenewDays ?? 0, MaxRenewals: MaxRenewals ?? 0 }}
            listError={text(err?.message ?? err?.root?.message)}
            rowErrors={rows.map((_, i) => {
              const e = err?.[i];
              if (!e) return undefined;
              return Object.fromEntries(Object.entries(e).map(([k, v]) => [k, text(v?.message)]));
            })}
            disabled={formState.isSubmitting}
          />
        );
      }}
    />
  );
}
