import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { allCalls } from '../../shared/api/all-calls.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

/**
 * The OpenAPI document is what a district integrating with the gateway reads: it must validate
 * against the OpenAPI schema (a maintained validator, not our own reading), every reference in it
 * must resolve, and every call must describe its envelope and its error replies.
 */
const t = useTestGateway();
let doc: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>; components?: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/micro/docs/json' })).json();
});

function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe('OpenAPI document', () => {
  it('validates against the OpenAPI schema', async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 3000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has no reference that does not resolve', () => {
    const missing = [...new Set(refsIn(doc))].filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      let node: unknown = doc;
      for (const part of ref.slice(2).split('/')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      return node === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('describes the envelope and the error replies of every call', () => {
    for (const call of allCalls) {
      const op = doc.paths[call.path]?.[call.method.toLowerCase()];
      expect(op, call.id).toBeDefined();
      const statuses = Object.keys(op!.responses);
      expect(statuses, call.id).toEqual(expect.arrayContaining(['200', '400', '429', '500']));
      if (call.auth === 'user' || call.auth === 'client') expect(statuses, call.id).toEqual(expect.arrayContaining(['401', '403']));
      if (call.perm) expect(statuses, call.id).toContain('403');
      const bad = op!.responses['400']!.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
      expect(Object.keys(bad?.properties ?? {}), call.id).toEqual(expect.arrayContaining(['code', 'success', 'message', 'data']));
      if (!call.raw) {
        const okSchema = op!.responses['200']!.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        expect(Object.keys(okSchema?.properties ?? {}), call.id).toEqual(expect.arrayContaining(['code', 'success', 'message', 'data']));
      }
    }
  });
});
