import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { appContentSecurityPolicy } from '../../shared/domain/content-security-policy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf',
};

/**
 * The app's own files on a loopback port, for the offline label station: the window needs an
 * origin to load the renderer from when the remote gateway (which normally serves it) is down.
 * Serves out/renderer under /library/ as the gateway does, GET only, nothing outside that folder,
 * no API: the station's screens talk to main only.
 */
export async function startStationServer(webRoot: string): Promise<{ origin: string; close(): Promise<void> }> {
  const root = normalize(webRoot + sep);
  const csp = appContentSecurityPolicy({ embeddable: false });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'GET' && req.method !== 'HEAD') return end(405);
      if (!url.pathname.startsWith('/library/')) return end(404);
      const rel = decodeURIComponent(url.pathname.slice('/library/'.length)) || 'index.html';
      const file = normalize(join(root, rel));
      if (!file.startsWith(root)) return end(404);
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' });
        res.end(req.method === 'HEAD' ? undefined : body);
      } catch {
        end(404);
      }
    })();
    function end(status: number) {
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Whether the gateway at `origin` answers (its app page), within `timeoutMs`. */
export async function gatewayAnswers(origin: string, timeoutMs = 3000): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/library/`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    return res.status < 500;
  } catch {
    return false;
  }
}
