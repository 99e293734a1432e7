import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall, LIB } from '../../shared/api/contract.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { call, configureApiClient, resetAuthFailures, setAuthHandlers } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { AuthFailure } from './refresh-queue.ts';
import { sessionStore } from './session-store.ts';
import { toastStore } from './toast-store.ts';

const echo = defineCall({
  id: 'test.echo', method: 'POST', path: `${LIB}/Test/Echo`, auth: 'user', spec: false,
  input: z.object({ Name: z.string() }), data: z.object({ Name: z.string() }),
});
const list = defineCall({
  id: 'test.list', method: 'GET', path: `${LIB}/Test/List`, auth: 'user', spec: false,
  input: z.object({ Page: z.number().default(1) }), data: z.array(z.number()),
});

type Reply = { status?: number; body: unknown };
const json = (r: Reply) => new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
const env = (data: unknown, extra: Record<string, unknown> = {}) => ({ code: 0, success: true, message: '', data, ...extra });

let seen: Request[] = [];
let handler: (req: Request, body: unknown) => Reply | Promise<Reply>;

beforeEach(() => {
  seen = [];
  toastStore.clear();
  sessionStorage.clear();
  resetAuthFailures();
  sessionStore.setToken({ token_type: 'Bearer', access_token: 'old', refresh_token: 'r1', expires_in: 3600 });
  sessionStore.setUser({
    UserID: 1, Account: 'a', Name: 'A', SchoolID: 7, SchoolName: 'S', SchoolEnName: 'S', SchoolCode: 'S7',
    Identity: 'teacher', Roles: [], Language: 'zh-CN', PasswordPolicy: 'basic',
  });
  configureApiClient({
    baseUrl: 'http://gw.test',
    strict: true,
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      seen.push(req.clone());
      const text = await req.text();
      return json(await handler(req, text ? JSON.parse(text) : null));
    },
  });
});
afterEach(() => {
  setAuthHandlers({ onExpired: () => sessionStore.clear(), onSignedOutElsewhere: () => sessionStore.clear() });
});

const toasts = () => toastStore.get().map((t) => t.key ?? t.text);

describe('api client: envelope', () => {
  it('success by code 0, with bearer, school and language headers', async () => {
    handler = (_r, body) => ({ body: { code: 0, success: false, message: '', data: body } });
    await expect(call(echo, { Name: 'x' })).resolves.toEqual({ Name: 'x' });
    const req = seen[0]!;
    expect(req.headers.get('Authorization')).toBe('Bearer old');
    expect(req.headers.get('SchoolID')).toBe('7');
    expect(req.headers.get('Accept-Language')).toMatch(/^(zh-CN|en-US)$/);
    expect(req.url).toBe('http://gw.test/micro/library/web1.0/Test/Echo');
  });

  it('success by success === true even with another code', async () => {
    handler = () => ({ body: { code: 5, success: true, message: '', data: { Name: 'y' } } });
    await expect(call(echo, { Name: 'y' })).resolves.toEqual({ Name: 'y' });
  });

  it('GET sends the input (with defaults) as the query string', async () => {
    handler = () => ({ body: env([1, 2]) });
    await call(list, {});
    expect(new URL(seen[0]!.url).searchParams.get('Page')).toBe('1');
  });

  it('a failed envelope toasts the server message and throws', async () => {
    handler = () => ({ body: { code: 1, success: false, message: '读者不存在', data: null } });
    await expect(call(echo, { Name: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual(['读者不存在']);
    expect(toastStore.get()[0]!.duration).toBe(2000);
  });

  it('calls with toast:false (user/get) fail silently', async () => {
    handler = () => ({ body: { code: 1, success: false, message: 'nope', data: null } });
    await expect(call(sessionCalls.getUser, {})).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
  });

  it('a caller may also silence the toast', async () => {
    handler = () => ({ body: { code: 1, success: false, message: 'nope', data: null } });
    await expect(call(echo, { Name: 'x' }, { toast: false })).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
  });

  it('HTTP 403 says "no operation permission"', async () => {
    handler = () => ({ status: 403, body: { code: 403, success: false, message: 'forbidden', data: null } });
    await expect(call(echo, { Name: 'x' })).rejects.toMatchObject({ status: 403, message: 'errors:noPermission', isKey: true });
    expect(toasts()).toEqual(['errors:noPermission']);
  });

  it('other HTTP errors show the server message field', async () => {
    handler = () => ({ status: 409, body: { code: 409, success: false, message: '条码重复', data: null } });
    await expect(call(echo, { Name: 'x' })).rejects.toMatchObject({ status: 409, message: '条码重复' });
    expect(toasts()).toEqual(['条码重复']);
  });

  it('strict parsing rejects data that breaks the contract', async () => {
    handler = () => ({ body: env({ Wrong: 1 }) });
    await expect(call(echo, { Name: 'x' }, { toast: false })).rejects.toThrow(/does not match the contract/);
  });
});

describe('api client: token refresh', () => {
  const refreshPath = '/micro/library/web1.0/WebPlat/RefreshToken';
  const newToken = { token_type: 'Bearer', access_token: 'new', refresh_token: 'r2', expires_in: 3600 };

  it('401 -> one refresh on the bare client, replay with the new token and the same Idempotency-Key', async () => {
    handler = (req, body) => {
      if (new URL(req.url).pathname === refreshPath) return { body: env(newToken) };
      if (req.headers.get('Authorization') !== 'Bearer new') return { status: 401, body: null };
      return { body: env(body) };
    };
    const results = await Promise.all([1, 2, 3].map((i) => call(echo, { Name: `n${i}` }, { idempotencyKey: `k${i}` })));
    expect(results.map((r) => r.Name)).toEqual(['n1', 'n2', 'n3']);
    const refreshes = seen.filter((r) => new URL(r.url).pathname === refreshPath);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.headers.get('Authorization')).toBeNull();
    expect(await refreshes[0]!.json()).toEqual({ refreshToken: 'r1' });
    const echoes = seen.filter((r) => new URL(r.url).pathname.endsWith('/Echo'));
    expect(echoes).toHaveLength(6);
    for (const i of [1, 2, 3]) {
      expect(echoes.filter((r) => r.headers.get('Idempotency-Key') === `k${i}`)).toHaveLength(2);
    }
    expect(sessionStore.get().token?.access_token).toBe('new');
  });

  it('service code 99998 is treated like HTTP 401', async () => {
    handler = (req, body) => {
      if (new URL(req.url).pathname === refreshPath) return { body: env(newToken) };
      if (req.headers.get('Authorization') !== 'Bearer new') return { body: { code: 99998, success: false, message: 'expired', data: null } };
      return { body: env(body) };
    };
    await expect(call(echo, { Name: 'z' })).resolves.toEqual({ Name: 'z' });
    expect(toasts()).toEqual([]);
  });

  it('refresh failure -> "Authorization expired" and sign-out', async () => {
    const onExpired = vi.fn(() => sessionStore.clear());
    setAuthHandlers({ onExpired, onSignedOutElsewhere: vi.fn() });
    handler = (req) => (new URL(req.url).pathname === refreshPath ? { status: 400, body: { code: 400, success: false, message: 'bad', data: null } } : { status: 401, body: null });
    await expect(call(echo, { Name: 'x' })).rejects.toBeInstanceOf(AuthFailure);
    expect(toasts()).toEqual(['errors:authExpired']);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().token).toBeNull();
  });

  it('a 401 after a successful refresh logs out without looping', async () => {
    const onExpired = vi.fn();
    setAuthHandlers({ onExpired, onSignedOutElsewhere: vi.fn() });
    handler = (req) => (new URL(req.url).pathname === refreshPath ? { body: env(newToken) } : { status: 401, body: null });
    await expect(call(echo, { Name: 'x' })).rejects.toMatchObject({ reason: 'rejectedAfterRefresh' });
    expect(seen.filter((r) => new URL(r.url).pathname.endsWith('/Echo'))).toHaveLength(2);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('99997 removes the user and goes to log out', async () => {
    const onSignedOutElsewhere = vi.fn(() => sessionStore.clear());
    setAuthHandlers({ onExpired: vi.fn(), onSignedOutElsewhere });
    handler = () => ({ body: { code: 99997, success: false, message: 'elsewhere', data: null } });
    await expect(call(echo, { Name: 'x' })).rejects.toMatchObject({ reason: 'signedOutElsewhere' });
    expect(onSignedOutElsewhere).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().user).toBeNull();
    expect(toasts()).toEqual(['errors:signedOutElsewhere']);
  });
});
