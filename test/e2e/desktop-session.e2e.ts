import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { installDesktopBridge, testSecretStore } from '../support/desktop-bridge.ts';

// Issue 8 §5: in the desktop app the session's tokens live in main (main/auth/token-vault.ts), not in
// the page's storage; main runs the one refresh for every window; a staff session survives a
// restart of the app (encrypted by the OS key store) and sign-out removes it. Driven through
// window.lib backed by main's real handlers and vault, against the real gateway and SSO.

type Lib = { auth: { current(): Promise<{ ok: boolean; data: { access_token: string } | null }>; refresh(i: { stale: string }): Promise<{ ok: boolean; data: { access_token: string } | null }> } };

test('tokens in main: none in the page, one refresh for every window, kept across a restart, gone at sign-out', async ({ page, browser, baseURL }) => {
  const keepDir = mkdtempSync(join(tmpdir(), 'desk-session-'));
  const keep = { tokensFile: join(keepDir, 'session.bin'), secrets: testSecretStore() };
  const rig = await installDesktopBridge(page, `${baseURL}/library/`, 'admin', undefined, keep);
  let second: Awaited<ReturnType<typeof installDesktopBridge>> | null = null;
  try {
    await signIn(page, baseURL!, 'teacher', 'Teacher@2026', '/data-analysis', { fresh: true });
    const health = watchPage(page);
    await expect(page.getByTestId('user-menu-button')).toBeVisible();

    // Nothing of the token in the page's storage; the refresh token is not even in its memory.
    const stored = await page.evaluate(() => [...Object.values(sessionStorage), ...Object.values(localStorage)].join('\n'));
    expect(stored).not.toMatch(/access_token|refresh_token/);
    const first = await page.evaluate(() => (window as unknown as { lib: Lib }).lib.auth.current());
    expect(first.ok && first.data?.access_token).toBeTruthy();
    expect(JSON.stringify(first.data)).not.toContain('refresh_token');
    // On disk only encrypted: neither token readable in the kept file.
    const kept = readFileSync(keep.tokensFile);
    expect(kept.toString('latin1')).not.toContain(first.data!.access_token.slice(0, 12));
    expect(kept.toString('latin1')).not.toMatch(/refresh_token|Bearer/);

    // Three windows refused at once: main asks the gateway once, and all three get the same new token.
    const stale = first.data!.access_token;
    const answers = await page.evaluate((s) => Promise.all([1, 2, 3].map(() => (window as unknown as { lib: Lib }).lib.auth.refresh({ stale: s }))), stale);
    expect(rig.refreshes()).toBe(1);
    const fresh = answers[0]!.data!.access_token;
    expect(fresh).not.toBe(stale);
    expect(answers.map((a) => a.data?.access_token)).toEqual([fresh, fresh, fresh]);

    // A reload keeps the session (the page takes the token from main) and the new token works.
    await page.reload();
    await expect(page.getByTestId('screen-/data-analysis')).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    expect(health.problems).toEqual([]);
    await page.close();

    // The app restarts: a new window with nothing in its storage resumes the kept session.
    const restarted = await browser.newPage();
    second = await installDesktopBridge(restarted, `${baseURL}/library/`, 'admin', undefined, keep);
    await restarted.goto(`${baseURL}/library/#/data-analysis`);
    await expect(restarted.getByTestId('screen-/data-analysis')).toBeVisible();
    await expect(restarted.getByTestId('user-menu-button')).toBeVisible();
    expect(second.refreshes()).toBe(1);

    // Sign-out: the kept session is gone from main and from disk.
    await restarted.getByTestId('user-menu-button').click();
    await restarted.getByTestId('logout').click();
    await restarted.waitForURL((u) => u.pathname.startsWith('/sso/interaction/'), { timeout: 30_000 });
    expect(await second.tokens.current()).toBeNull();
    expect(() => readFileSync(keep.tokensFile)).toThrow();
    await restarted.close();
  } finally {
    await rig.close();
    await second?.close();
    rmSync(keepDir, { recursive: true, force: true });
  }
});
