import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, LIB } from '../../../shared/api/contract.ts';
import { emptyValue, fieldSpec, fieldSpecs, initialValues } from './field-spec.ts';

const refCall = defineCall({ id: 't.list', method: 'POST', path: `${LIB}/T/GetList`, auth: 'user', spec: false, input: z.object({}), data: z.array(z.object({ ID: z.number(), Name: z.string() })) });

describe('widget chosen from the zod schema', () => {
  const cases: [string, z.ZodType, string][] = [
    ['string', z.string(), 'text'],
    ['trimmed string', z.string().trim().max(20), 'text'],
    ['email', z.email(), 'email'],
    ['number', z.number(), 'number'],
    ['coerced number', z.coerce.number(), 'number'],
    ['boolean', z.boolean(), 'switch'],
    ['enum', z.enum(['a', 'b']), 'select'],
    ['union of literals', z.union([z.literal(1), z.literal(2)]), 'select'],
    ['iso date', z.iso.date(), 'date'],
    ['iso datetime', z.iso.datetime(), 'datetime'],
    ['array of enum', z.array(z.enum(['x', 'y'])), 'multiselect'],
    ['object', z.object({ a: z.string() }), 'unsupported'],
    ['meta textarea', z.string().meta({ widget: 'textarea' }), 'textarea'],
    ['meta colour', z.string().meta({ widget: 'color' }), 'color'],
    ['meta password', z.string().meta({ widget: 'password' }), 'password'],
    ['meta phone under optional', z.string().meta({ widget: 'phone' }).optional(), 'phone'],
    ['meta date on a plain string', z.string().meta({ widget: 'date' }), 'date'],
    ['meta ref', z.number().meta({ ref: { call: refCall, value: 'ID', label: 'Name' } }), 'ref'],
    ['transform keeps the input side', z.string().transform((s) => s.toUpperCase()), 'text'],
  ];
  for (const [name, schema, widget] of cases) {
    it(`${name} → ${widget}`, () => expect(fieldSpec('F', schema).widget).toBe(widget));
  }

  it('knows int, bounds, options and numeric options', () => {
    expect(fieldSpec('N', z.number().int().min(1).max(9))).toMatchObject({ int: true, min: 1, max: 9 });
    expect(fieldSpec('N', z.int()).int).toBe(true);
    expect(fieldSpec('N', z.number()).int).toBe(false);
    expect(fieldSpec('E', z.enum(['a', 'b'])).options).toEqual(['a', 'b']);
    expect(fieldSpec('L', z.union([z.literal(1), z.literal(2)]))).toMatchObject({ options: [1, 2], numeric: true });
    expect(fieldSpec('S', z.string().max(30)).maxLength).toBe(30);
  });

  it('reads optional, nullable and default', () => {
    expect(fieldSpec('a', z.string().min(1))).toMatchObject({ required: true, optional: false, nullable: false });
    // A text that takes '' may be left empty: not marked required.
    expect(fieldSpec('a', z.string())).toMatchObject({ required: false, optional: false, nullable: false });
    expect(fieldSpec('a', z.number())).toMatchObject({ required: true });
    expect(fieldSpec('a', z.string().optional())).toMatchObject({ required: false, optional: true });
    expect(fieldSpec('a', z.string().nullable())).toMatchObject({ required: false, nullable: true });
    expect(fieldSpec('a', z.boolean().default(true))).toMatchObject({ required: false, defaultValue: true, widget: 'switch' });
  });

  it('takes help from describe() and lets a resource override win over meta', () => {
    expect(fieldSpec('a', z.string().describe('Shown under the field')).description).toBe('Shown under the field');
    expect(fieldSpec('a', z.string().meta({ widget: 'textarea' }), { widget: 'password' }).widget).toBe('password');
    expect(fieldSpec('a', z.string(), { hidden: true }).hidden).toBe(true);
  });

  it('lists an object in schema order or an explicit order, with initial values', () => {
    const s = z.object({ A: z.string(), B: z.number().optional(), C: z.boolean().default(false), D: z.array(z.enum(['x'])), E: z.string().nullable() });
    expect(fieldSpecs(s).map((f) => f.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(fieldSpecs(s, {}, ['C', 'A', 'nope']).map((f) => f.name)).toEqual(['C', 'A']);
    expect(initialValues(fieldSpecs(s), { A: 'x' })).toEqual({ A: 'x', B: undefined, C: false, D: [], E: null });
    expect(emptyValue(fieldSpec('A', z.string()))).toBe('');
  });
});
