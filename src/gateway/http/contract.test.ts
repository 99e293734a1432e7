import { describe, expect, it } from 'vitest';
import { allCalls } from '../../shared/api/all-calls.ts';
import { allHandlers } from '../app-handlers.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('contract registration', () => {
  it('serves every call of allCalls (none 404)', async () => {
    for (const call of allCalls) {
      const res = await t.call(call, {}, 'admin');
      expect(res.statusCode, `${call.id} ${call.method} ${call.path}`).not.toBe(404);
      // Empty input is a bad request at worst, never a crash.
      expect(res.statusCode, `${call.id}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (!call.raw) expect(res.json(), call.id).toHaveProperty('code');
    }
  });

  it('refuses every call that needs an operation to a reader who lacks it (403, before the input is read)', async () => {
    const guarded = allCalls.filter((c) => c.perm && c.auth !== 'none');
    expect(guarded.length).toBeGreaterThan(50);
    for (const call of guarded) {
      const res = await t.fail(call, {}, 'student', 'en-US');
      expect(res.status, call.id).toBe(403);
      expect(res.message, call.id).toBe('No operation permission');
    }
  });

  it('answers a body that is not an object with 400 in the caller\'s language, never 500', async () => {
    const admin = await t.tokenFor('admin');
    for (const call of allCalls.filter((c) => c.method === 'POST' && !c.raw)) {
      const res = await t.app.inject({
        method: 'POST', url: call.path, payload: JSON.stringify(['not', 'an', 'object']),
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      });
      expect(res.statusCode, `${call.id}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().success, call.id).toBe(false);
      expect(res.json().message, call.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('lists which calls have handlers, and every handler key is a real call id', () => {
    const ids = new Set(allCalls.map((c) => c.id));
    const handled = new Set(Object.keys(allHandlers));
    for (const k of handled) expect(ids.has(k), `handler for unknown call ${k}`).toBe(true);
    const missing = allCalls.filter((c) => !handled.has(c.id)).map((c) => c.id);
    console.info(`calls with handlers: ${handled.size}/${ids.size}; without: ${missing.join(', ') || 'none'}`);
    // Every call of the contract is implemented.
    expect(missing).toEqual([]);
  });

  it('answers 501 "not implemented" in the envelope for a call without a handler', async () => {
    const { registerCalls } = await import('./register-calls.ts');
    const { z } = await import('zod');
    const { defineCall } = await import('../../shared/api/contract.ts');
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.decorate('config', t.config);
    app.decorate('i18n', t.app.i18n);
    app.decorate('tokens', { verify: async () => null });
    app.setValidatorCompiler(() => (d) => ({ value: d }));
    app.setSerializerCompiler(() => (d) => JSON.stringify(d));
    const { installErrorHandlers } = await import('./error-handler.ts');
    installErrorHandlers(app, []);
    registerCalls(app, [defineCall({ id: 'x.y', method: 'POST', path: '/micro/x/y', auth: 'none', spec: false, input: z.object({}), data: z.null() })], {});
    const res = await app.inject({ method: 'POST', url: '/micro/x/y', payload: {}, headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 501, success: false, message: 'This call is not implemented yet: x.y' });
    await app.close();
  });

  it('publishes OpenAPI and the docs page', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/micro/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths as object);
    for (const c of allCalls) expect(paths, c.path).toContain(c.path);
    const ui = await t.app.inject({ method: 'GET', url: '/micro/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
