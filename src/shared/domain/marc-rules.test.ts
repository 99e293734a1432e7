import { describe, expect, it } from 'vitest';
import { CATALOGUE_TARGETS, DEFAULT_MARC_RULES, marcRulesSchema } from './marc-rules.ts';

describe('MARC rules', () => {
  it('the default rules are valid rules', () => {
    expect(marcRulesSchema.parse(DEFAULT_MARC_RULES)).toEqual(DEFAULT_MARC_RULES);
  });

  it('every catalogue field has a default source in both flavours', () => {
    for (const flavour of ['marc21', 'unimarc'] as const) {
      const targets = new Set(DEFAULT_MARC_RULES[flavour].fields.map((r) => r.target));
      expect([...CATALOGUE_TARGETS].filter((t) => !targets.has(t))).toEqual([]);
      expect(DEFAULT_MARC_RULES[flavour].holdings.length).toBeGreaterThan(0);
    }
  });

  it('refuses a rule a school could not mean', () => {
    const bad = JSON.parse(JSON.stringify(DEFAULT_MARC_RULES)) as typeof DEFAULT_MARC_RULES;
    bad.unimarc.fields[0]!.sources[0]!.tag = '20';
    expect(marcRulesSchema.safeParse(bad).success).toBe(false);
    const noSource = JSON.parse(JSON.stringify(DEFAULT_MARC_RULES)) as typeof DEFAULT_MARC_RULES;
    noSource.marc21.fields[0]!.sources = [];
    expect(marcRulesSchema.safeParse(noSource).success).toBe(false);
  });
});
