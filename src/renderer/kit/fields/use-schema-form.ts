import { useMemo } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodErrorMap } from './zod-locale.ts';

/** react-hook-form validated by the gateway's own zod schema, with zod's messages in the UI language. */
export function useSchemaForm(schema: z.ZodObject, defaultValues: Record<string, unknown>) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const resolver = useMemo(() => zodResolver(schema, { error: zodErrorMap(lang) } as never), [schema, lang]);
  return useForm<FieldValues, unknown, FieldValues>({ resolver: resolver as never, defaultValues, mode: 'onTouched' });
}

/** Same rules for code paths without a form (a grid row being saved). */
export function parseWithLocale(schema: z.ZodType, value: unknown, lang: string) {
  return schema.safeParse(value, { error: zodErrorMap(lang) });
}
