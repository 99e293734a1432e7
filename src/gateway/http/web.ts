import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pickLanguage } from './i18n.ts';
import { appContentSecurityPolicy, EMBED_DOCUMENT } from '../../shared/domain/content-security-policy.ts';

/** The app is never framed by another site; only the embed document is (the door's counts, below). */
const CSP = appContentSecurityPolicy({ embeddable: false });
const EMBED_CSP = appContentSecurityPolicy({ embeddable: true });

const BASE = '/library/';

function queryOf(request: FastifyRequest): string {
  const i = request.url.indexOf('?');
  return i < 0 ? '' : request.url.slice(i);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The web app under /library/ (hash router). OAuth redirect URIs cannot carry a fragment, so the
 * SSO returns to /library/callback[search] and we forward to the hash route with the same query.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const root = app.config.webRoot;
  app.get('/', (_req, reply) => reply.redirect(BASE));
  // Browsers ask for /favicon.ico on pages outside the app (the SSO login page); point them at the app's icon.
  app.get('/favicon.ico', (_req, reply) => reply.redirect(`${BASE}favicon.svg`, 301));
  app.get('/library', (request, reply) => reply.redirect(BASE + queryOf(request)));
  app.get('/library/callback', (request, reply) => reply.redirect(`${BASE}#/callback${queryOf(request)}`));
  app.get('/library/search', (request, reply) => reply.redirect(`${BASE}#/search${queryOf(request)}`));
  app.get('/library/callbacksearch', (request, reply) =>
    reply.redirect(`${BASE}#/callbacksearch${queryOf(request)}`),
  );

  if (existsSync(join(root, 'index.html'))) {
    // The one frameable document: the same app (relative asset paths resolve under /library/), for
    // a school's website or a screen by the door to frame #/inoutstatisticiframe. Framed, the app
    // refuses every other route (RootLayout), so a framing site cannot put a staff screen under
    // its own buttons.
    app.get(EMBED_DOCUMENT, (_request, reply) => reply
      .header('cache-control', 'no-cache').header('content-security-policy', EMBED_CSP)
      .header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8').send(readFileSync(join(root, 'index.html'))));
    await app.register(fastifyStatic, {
      root,
      prefix: BASE,
      index: ['index.html'],
      wildcard: true,
      // The build's bookkeeping (.vite/manifest.json, read by the bench) is not part of the site.
      allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
      setHeaders(res, path) {
        // Hashed assets never change; index.html must be revalidated so a new build is picked up.
        if (/[\\/]assets[\\/]/.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
        if (path.endsWith('.html')) res.header('content-security-policy', CSP).header('x-frame-options', 'DENY');
        res.header('x-content-type-options', 'nosniff');
        res.header('referrer-policy', 'same-origin');
      },
    });
    return;
  }

  const notBuilt = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const title = app.i18n.t(lang, 'gateway:web.notBuiltTitle');
    const body = app.i18n.t(lang, 'gateway:web.notBuiltBody', { root });
    return reply
      .status(503)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        `<body style="font-family:sans-serif;margin:3rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>` +
        `<pre>npm run build</pre></body></html>`);
  };
  app.get(BASE, notBuilt);
  app.get(`${BASE}*`, notBuilt);
}
