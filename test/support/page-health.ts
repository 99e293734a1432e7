import type { Page } from 'playwright-core';

/**
 * Collects what a user would count as breakage: console errors, uncaught page errors, failed
 * requests and HTTP responses >= 400. `expected` lets a test allow a status it provokes on purpose.
 */
export function watchPage(page: Page) {
  const problems: string[] = [];
  let allowed: Array<(url: string, status: number) => boolean> = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium also logs an allowed (provoked) HTTP error as a console error: allowed too.
    const status = /status of (\d{3})/.exec(m.text())?.[1];
    if (status && allowed.some((f) => f(m.location().url, Number(status)))) return;
    problems.push(`console: ${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? '';
    // A navigation that replaces the page aborts its in-flight requests; that is not a failure.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`requestfailed: ${r.method()} ${r.url()} ${failure}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !allowed.some((f) => f(r.url(), r.status()))) problems.push(`http ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return {
    problems,
    allow(f: (url: string, status: number) => boolean) { allowed.push(f); },
    reset() { problems.length = 0; allowed = []; },
  };
}
