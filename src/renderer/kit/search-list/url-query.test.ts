import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQuerySchema } from '../../../shared/api/paging.ts';
import { parseQuery, toParams } from './url-query.ts';

const schema = pageQuerySchema.extend({ State: z.number().int().min(0).max(4).optional(), Kinds: z.array(z.enum(['a', 'b'])).optional(), Open: z.boolean().optional() });

describe('list query in the URL', () => {
  it('parses typed values with the schema defaults', () => {
    expect(parseQuery(schema, new URLSearchParams('SearchKey=ba&State=2&Page=3&Kinds=a&Kinds=b&Open=true'))).toEqual({ Page: 3, Rows: 20, SearchKey: 'ba', State: 2, Kinds: ['a', 'b'], Open: true });
    expect(parseQuery(schema, new URLSearchParams(''))).toEqual({ Page: 1, Rows: 20 });
  });

  it('drops a bad value instead of failing the screen', () => {
    expect(parseQuery(schema, new URLSearchParams('State=9&Page=abc&SearchKey=x'))).toEqual({ Page: 1, Rows: 20, SearchKey: 'x' });
  });

  it('writes short links: no defaults, no empty values', () => {
    expect(toParams(schema, { Page: 1, Rows: 20, SearchKey: 'ba', State: undefined, Kinds: ['a'] }).toString()).toBe('SearchKey=ba&Kinds=a');
    expect(toParams(schema, { Page: 2, Rows: 40 }).toString()).toBe('Page=2&Rows=40');
  });
});
