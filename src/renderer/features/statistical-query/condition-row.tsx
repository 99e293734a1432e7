import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  OPS_BY_TYPE, QUERY_FIELDS, valueCount,
  type QueryCondition, type QueryField, type QueryOptions, type QuerySubject,
} from '../../../shared/api/statistical-query.ts';
import { fieldsOf, newCondition } from './query-model.ts';

type Choice = { value: string; label: string };

/** The values a field can take, as choices (enums worded, references by name); null for typed values. */
export function useChoices(options: QueryOptions | undefined) {
  const { t } = useTranslation(['statistical-query', 'catalogue']);
  return (field: QueryField): Choice[] | null => {
    const def: { type: string; values?: readonly string[]; options?: string } = QUERY_FIELDS[field];
    if (def.type === 'bool') return [{ value: 'true', label: t('yes') }, { value: 'false', label: t('no') }];
    if (def.type === 'enum') {
      return def.values!.map((v) => ({ value: v, label: field === 'state' ? t(`catalogue:storage.${v}`) : t(`values.${field}.${v}`) }));
    }
    if (def.type === 'ref') {
      const list = (options?.[def.options as keyof QueryOptions] ?? []) as Array<{ ID: number; Name: string }>;
      return list.map((o) => ({ value: String(o.ID), label: o.Name }));
    }
    return null;
  };
}

/** One condition: field, comparison and value(s), each control fitting the field's type. */
export function ConditionRow({ subject, cond, index, group, options, onChange, onRemove }: {
  subject: QuerySubject;
  cond: QueryCondition;
  index: number;
  group: 'all' | 'any';
  options: QueryOptions | undefined;
  onChange: (c: QueryCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('statistical-query');
  const choicesOf = useChoices(options);
  const def = QUERY_FIELDS[cond.Field];
  const count = valueCount(cond.Op);
  const choices = choicesOf(cond.Field);
  const id = `sq-${group}-${index}`;
  const setValue = (i: number, v: string) => {
    const Values = [...cond.Values];
    Values[i] = v;
    onChange({ ...cond, Values });
  };
  const inputType = def.type === 'date' ? 'date' : def.type === 'number' || def.type === 'count' ? 'number' : 'text';
  const single = (i: number, label: string) => (choices ? (
    <TextField select size="small" label={label} value={cond.Values[i] ?? ''} onChange={(e) => setValue(i, e.target.value)} sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': `${id}-value` } }}>
      {choices.map((c) => <MenuItem key={c.value} value={c.value}>{c.label}</MenuItem>)}
    </TextField>
  ) : (
    <TextField
      size="small" type={inputType} label={label} value={cond.Values[i] ?? ''} onChange={(e) => setValue(i, e.target.value.trim())}
      placeholder={def.type === 'clc' ? t('ui.clcHint') : undefined} sx={{ width: 180 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${id}-value${i ? '-to' : ''}`, ...(inputType === 'number' ? { min: 0 } : {}) } }}
    />
  ));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid={id}>
      <TextField
        select size="small" label={t('ui.field')} value={cond.Field} sx={{ minWidth: 180 }}
        onChange={(e) => onChange(newCondition(e.target.value as QueryField))} slotProps={{ htmlInput: { 'data-testid': `${id}-field` } }}
      >
        {fieldsOf(subject).map((f) => <MenuItem key={f} value={f}>{t(`fields.${f}`)}</MenuItem>)}
      </TextField>
      <TextField
        select size="small" label={t('ui.op')} value={cond.Op} sx={{ minWidth: 120 }}
        onChange={(e) => onChange({ ...cond, Op: e.target.value as QueryCondition['Op'], Values: def.type === 'bool' ? cond.Values : [] })}
        slotProps={{ htmlInput: { 'data-testid': `${id}-op` } }}
      >
        {OPS_BY_TYPE[def.type].map((o) => <MenuItem key={o} value={o}>{t(`ops.${o}`)}</MenuItem>)}
      </TextField>
      {count === 'list' ? (
        <Autocomplete
          multiple size="small" freeSolo={!choices} sx={{ minWidth: 280, flex: 1 }}
          options={choices ?? []} value={choices ? choices.filter((c) => cond.Values.includes(c.value)) : cond.Values.map((v) => ({ value: v, label: v }))}
          getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
          isOptionEqualToValue={(a: string | Choice, b: string | Choice) => (typeof a === 'string' ? a : a.value) === (typeof b === 'string' ? b : b.value)}
          onChange={(_e, v) => onChange({ ...cond, Values: (v as Array<string | Choice>).map((x) => (typeof x === 'string' ? x.trim() : x.value)).filter(Boolean) })}
          renderInput={(p) => <TextField {...p} label={t('ui.values')} placeholder={def.type === 'clc' ? t('ui.clcHint') : undefined} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': `${id}-values` } }} />}
        />
      ) : count === 2 ? (
        <>
          {single(0, t('ui.valueFrom'))}
          {single(1, t('ui.valueTo'))}
        </>
      ) : single(0, t('ui.value'))}
      <IconButton aria-label={t('ui.removeCondition', { n: index + 1 })} onClick={onRemove} data-testid={`${id}-remove`}>
        <DeleteOutlined />
      </IconButton>
    </Stack>
  );
}
