import type { Ref } from 'react';
import type { FieldSpec } from './field-spec.ts';

/** What every widget receives: the field's spec, its react-hook-form binding and translated texts. */
export interface WidgetProps {
  spec: FieldSpec;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  helperText: string | undefined;
  error: boolean;
  disabled: boolean;
  autoFocus: boolean;
  optionLabel: (value: string | number) => string;
  /** On the input element: data-testid="field-<name>". */
  testId: string;
}
