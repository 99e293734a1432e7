import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { z } from 'zod';
import { defineCall, LIB } from '../../../shared/api/contract.ts';
import { pageOf } from '../../../shared/api/paging.ts';
import { useResourceLabels } from '../labels.ts';
import { setupKitI18n } from '../testing/branch-fixture.ts';
import { fakeGateway } from '../testing/fake-gateway.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { fieldSpecs, initialValues } from './field-spec.ts';
import { FormFields } from './form-fields.tsx';
import { useSchemaForm } from './use-schema-form.ts';

const branches = defineCall({ id: 't.branches', method: 'POST', path: `${LIB}/Branch/GetList`, auth: 'user', spec: false, input: z.object({ Page: z.number(), Rows: z.number() }), data: pageOf(z.object({ ID: z.number(), Name: z.string() })) });

const schema = z.object({
  Title: z.string(),
  Note: z.string().meta({ widget: 'textarea' }).optional(),
  Secret: z.string().meta({ widget: 'password' }),
  Phone: z.string().meta({ widget: 'phone' }),
  Colour: z.string().meta({ widget: 'color' }),
  Mail: z.email(),
  Copies: z.number().int().min(0),
  Open: z.boolean().default(true),
  Kind: z.enum(['main', 'class']),
  Tags: z.array(z.enum(['a', 'b'])),
  Since: z.iso.date().optional(),
  BranchID: z.number().meta({ ref: { call: branches, value: 'ID', label: 'Name' } }),
});

function Form() {
  const labels = useResourceLabels({ ns: 'kittest', id: 'branch' });
  const specs = fieldSpecs(schema);
  const form = useSchemaForm(schema, initialValues(specs, { Colour: '#336699' }));
  return <FormFields specs={specs} control={form.control} labels={labels} t={(k) => k} />;
}

beforeAll(setupKitI18n);

describe('FieldRenderer widgets', () => {
  it('renders each kind with the right input', async () => {
    fakeGateway({ 'Branch/GetList': () => ({ List: [{ ID: 1, Name: '总馆' }, { ID: 2, Name: '分馆A' }], Total: 2 }) });
    renderKit(<Form />);
    expect(screen.getByTestId('field-Title')).toHaveAttribute('type', 'text');
    expect(screen.getByTestId('field-Title')).toHaveFocus();
    expect(screen.getByTestId('field-Note').tagName).toBe('TEXTAREA');
    expect(screen.getByTestId('field-Secret')).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('field-Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByTestId('field-Colour')).toHaveAttribute('type', 'color');
    expect(screen.getByTestId('field-Mail')).toHaveAttribute('type', 'email');
    expect(screen.getByTestId('field-Copies')).toHaveAttribute('type', 'number');
    expect(screen.getByTestId('field-Open')).toBeChecked();
    expect(screen.getByTestId('field-Kind')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('field-Since')).toBeInTheDocument();
    // The reference select lists the other resource's rows.
    const combo = within(screen.getByTestId('field-BranchID').parentElement!).getByRole('combobox');
    fireEvent.mouseDown(combo);
    expect(await screen.findByTestId('option-BranchID-2')).toHaveTextContent('分馆A');
    fireEvent.click(screen.getByTestId('option-BranchID-2'));
    expect(screen.getByTestId('field-BranchID')).toHaveValue('2');
  });
});
