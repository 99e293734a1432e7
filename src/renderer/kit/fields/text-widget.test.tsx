import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { fieldSpec } from './field-spec.ts';
import { TextWidget } from './text-widget.tsx';

function emptied(schema: z.ZodType): { value: unknown; required: boolean } {
  const onChange = vi.fn();
  const spec = fieldSpec('F', schema);
  const { unmount } = render(
    <TextWidget spec={spec} name="F" value="x" onChange={onChange} onBlur={() => undefined} inputRef={null} label="F" helperText={undefined}
      error={false} disabled={false} autoFocus={false} optionLabel={String} testId="field-F" />,
  );
  fireEvent.change(screen.getByTestId('field-F'), { target: { value: '' } });
  unmount();
  return { value: onChange.mock.calls.at(-1)?.[0], required: spec.required };
}

describe('an emptied text field', () => {
  it('stays \'\' when the schema takes it (a shelf mark), unmarked as required', () => {
    expect(emptied(z.string().max(64))).toEqual({ value: '', required: false });
  });
  it('stays \'\' when required, so the schema\'s own message speaks', () => {
    expect(emptied(z.string().min(1))).toEqual({ value: '', required: true });
  });
  it('goes back to "not given" when optional, nullable or defaulted', () => {
    expect(emptied(z.string().optional()).value).toBeUndefined();
    expect(emptied(z.string().nullable()).value).toBeNull();
    expect(emptied(z.string().default('a')).value).toBeUndefined();
  });
});
