// `npm run spec:coverage [-- --json]`: what is built against the spec.
// Routes: the screen registry's status per route of routes.json. Endpoints: a spec endpoint is
// implemented when the contract has a call with its method and path AND the gateway has a handler
// for it. "extra": our own calls (not in endpoints.json) that are implemented.
import { existsSync, readFileSync } from 'node:fs';
import { allCalls } from '../src/shared/api/all-calls.ts';
import { allHandlers } from '../src/gateway/app-handlers.ts';
import { screenRegistry } from '../src/renderer/app/screen-registry.ts';

type Routes = { routes: { path: string }[] };
type Endpoints = { endpoints: { method: string; path: string }[] };

function spec<T>(file: string): T {
  const shared = new URL(`../../shared/spec/${file}`, import.meta.url);
  const fixture = new URL(`../test/fixtures/spec/${file}`, import.meta.url);
  return JSON.parse(readFileSync(existsSync(shared) ? shared : fixture, 'utf8')) as T;
}

const routes = spec<Routes>('routes.json').routes;
const endpoints = spec<Endpoints>('endpoints.json').endpoints;

const status = new Map(screenRegistry.map((e) => [e.path, e.status]));
const built = routes.filter((r) => status.get(r.path) === 'built').length;
const planned = routes.filter((r) => status.get(r.path) !== 'built').map((r) => r.path);

const key = (m: string, p: string) => `${m.toUpperCase()} ${p.toLowerCase()}`;
const served = new Set(allCalls.filter((c) => c.id in allHandlers).map((c) => key(c.method, c.path)));
const specKeys = new Set(endpoints.map((e) => key(e.method, e.path)));
const missing = endpoints.filter((e) => !served.has(key(e.method, e.path))).map((e) => `${e.method} ${e.path}`);
const extra = [...served].filter((k) => !specKeys.has(k));

const report = {
  routes: { total: routes.length, built, planned },
  endpoints: { total: endpoints.length, implemented: endpoints.length - missing.length, missing },
  extra: extra.length,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report));
} else {
  console.log(`routes:    ${built}/${routes.length} built, ${planned.length} planned`);
  console.log(`endpoints: ${report.endpoints.implemented}/${endpoints.length} implemented, ${missing.length} missing`);
  console.log(`extra:     ${extra.length} calls of our own design${process.argv.includes('--verbose') ? ` (${extra.join(', ')})` : ' (--verbose lists them)'}`);
}
