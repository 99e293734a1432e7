import { configureApiClient } from '../../lib/api-client.ts';

/**
 * A fake /micro gateway behind the real api client (as routes.smoke.test.tsx does): handlers by
 * path suffix, every request recorded, envelope replies; `refuse(msg, code)` answers an error the
 * way the gateway does: the HTTP status is the code (409 refused by the rules, 404 not found, …).
 */
export class Refusal {
  readonly message: string;
  readonly code: number;
  constructor(message: string, code = 409) {
    this.message = message;
    this.code = code;
  }
}
export const refuse = (message: string, code = 409) => new Refusal(message, code);

export interface RecordedCall {
  path: string;
  body: Record<string, unknown>;
}

type Handler = (body: Record<string, unknown>) => unknown;

export function fakeGateway(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  configureApiClient({
    baseUrl: 'http://gw.test',
    strict: true,
    fetch: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      const body = req.method === 'GET' ? Object.fromEntries(url.searchParams) : ((await req.json().catch(() => ({}))) as Record<string, unknown>);
      calls.push({ path: url.pathname, body });
      const key = Object.keys(handlers).find((k) => url.pathname.endsWith(k));
      const out = key ? await handlers[key]!(body) : new Refusal(`no fake for ${url.pathname}`, 404);
      const env = out instanceof Refusal
        ? { code: out.code, success: false, message: out.message, data: null }
        : { code: 0, success: true, message: '', data: out ?? null };
      const status = out instanceof Refusal && out.code >= 400 && out.code < 600 ? out.code : 200;
      return new Response(JSON.stringify(env), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return {
    calls,
    to: (suffix: string) => calls.filter((c) => c.path.endsWith(suffix)),
  };
}
