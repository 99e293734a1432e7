import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
// The pickers' two locales (adapterLocale below). Registered here rather than in the shell: every
// other date on screen is formatted with numeric patterns, which read no locale.
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { WidgetProps } from './widget-props.ts';

/**
 * Dates stay ISO strings in the form (the contract's JSON-safe type): 'YYYY-MM-DD' for z.iso.date(),
 * a full ISO instant for z.iso.datetime(). The provider is local so the kit adds nothing to the shell.
 */
export function DateWidget(p: WidgetProps) {
  const { i18n } = useTranslation();
  const withTime = p.spec.widget === 'datetime';
  const value = typeof p.value === 'string' && p.value ? dayjs(p.value) : p.value instanceof Date ? dayjs(p.value) : null;
  const emit = (d: Dayjs | null) => {
    if (!d || !d.isValid()) return p.onChange(d ? 'invalid' : p.spec.nullable ? null : undefined);
    p.onChange(withTime ? d.toISOString() : d.format('YYYY-MM-DD'));
  };
  const Picker = withTime ? DateTimePicker : DatePicker;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language === 'en-US' ? 'en' : 'zh-cn'}>
      <Picker
        label={p.label}
        value={value}
        onChange={emit}
        disabled={p.disabled}
        readOnly={p.spec.readOnly}
        autoFocus={p.autoFocus}
        inputRef={p.inputRef}
        slotProps={{
          textField: {
            size: 'small', fullWidth: true, name: p.name, required: p.spec.required, error: p.error,
            helperText: p.helperText ?? ' ', onBlur: p.onBlur, slotProps: { htmlInput: { 'data-testid': p.testId } as object },
          },
        }}
      />
    </LocalizationProvider>
  );
}
