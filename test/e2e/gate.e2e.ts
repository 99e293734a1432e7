import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { circulationCalls } from '../../src/shared/api/circulation.ts';
import { gateCalls, type GateEventInput } from '../../src/shared/api/gate.ts';
import { gateToken, postEvents } from '../../scripts/gate-sim.ts';
import { foldDownloadPanel } from '../support/download-panel.ts';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { gw, readerWithBooks } from '../support/gateway-fixtures.ts';

// Security gates (issue 11 §3): staff register a gate at /entry-exit-records and get its
// credentials once; the simulator's functions take the gate's token and post entries, exits and
// an alarm of a copy that was not lent; the event log, the alarm (with the copy's barcode and
// title), the statistic (its figures, chart, export) and the door's no-login view inside another
// page's frame show them — the door view with counts and no names.

test('a registered gate posts events; the records, the alarm, the statistic and the framed door view show them', async ({ page, baseURL, browser }) => {
  await signIn(page, baseURL!, 'admin', 'Admin@2026', '/entry-exit-records');
  const health = watchPage(page);
  const tag = String(Date.now()).slice(-6);
  const gateName = `测试门禁${tag}`;

  // A copy on loan and one on the shelf, of a new title, lent to a new reader.
  const reader = `门禁读者${tag}`;
  const title = `门禁测试书${tag}`;
  const made = await readerWithBooks(page, { card: `GT${tag}`, name: reader, title, copies: 2 });
  await gw(page, circulationCalls.literatureCirc, { UserID: made.userId, Barcode: made.books[0] });
  const shelfCopy = made.books[1]!;

  // Register the gate; its secret is shown once.
  const screen = page.getByTestId('screen-/entry-exit-records');
  await expect(screen.getByRole('heading', { level: 1, name: '出入馆记录' })).toBeVisible();
  await screen.getByTestId('gate-add').click();
  const form = page.getByTestId('gate-form');
  await form.getByTestId('gate-name').fill(gateName);
  await form.getByRole('combobox', { name: '所属馆' }).click();
  await page.getByRole('option').first().click();
  await form.getByTestId('gate-location').fill('一楼东门');
  await form.getByTestId('gate-save').click();
  const creds = page.getByTestId('gate-credentials');
  await expect(creds).toContainText('只显示这一次');
  const clientId = await creds.getByTestId('gate-credential-clientId').inputValue();
  const secret = await creds.getByTestId('gate-credential-secret').inputValue();
  const gateId = Number(await creds.getByTestId('gate-credential-gateId').inputValue());
  expect(clientId).toMatch(/^gate-/);
  await creds.getByTestId('gate-credentials-done').click();
  await expect(screen.getByTestId('gates-table')).toContainText(gateName);
  const gate = (await gw<Array<{ ID: number; Name: string }>>(page, gateCalls.getGates, {})).find((g) => g.Name === gateName)!;
  expect(gate.ID).toBe(gateId);

  // The controller: a token with its own credentials, then a batch (posted twice: counted once).
  const token = await gateToken({ url: baseURL!, clientId, secret });
  const now = Date.now();
  const events: GateEventInput[] = [
    { EventID: `${tag}-1`, At: new Date(now - 60_000).toISOString(), Type: 'in', People: 4 },
    { EventID: `${tag}-2`, At: new Date(now - 50_000).toISOString(), Type: 'in', People: 2 },
    { EventID: `${tag}-3`, At: new Date(now - 40_000).toISOString(), Type: 'out', People: 1 },
    { EventID: `${tag}-4`, At: new Date(now - 30_000).toISOString(), Type: 'alarm', Direction: 'out', Barcode: shelfCopy, AFI: 0x07 },
  ];
  expect(await postEvents(baseURL!, token, gate.ID, events)).toEqual({ Accepted: 4, Duplicates: 0 });
  expect(await postEvents(baseURL!, token, gate.ID, events)).toEqual({ Accepted: 0, Duplicates: 4 });

  // 出入记录: the gate's events.
  await page.reload();
  await screen.getByRole('combobox', { name: '门禁' }).click();
  await page.getByTestId(`option-GateID-${gate.ID}`).click();
  await screen.getByTestId('kit-search').click();
  const log = screen.getByTestId('list-gate-event');
  await expect(log.getByRole('row', { name: /报警/ })).toContainText(shelfCopy);
  await expect(log.getByRole('row', { name: /进馆/ })).toHaveCount(2);

  // 报警记录: the copy's barcode and title, not on loan.
  await page.evaluate(() => { location.hash = '#/alarm-record'; });
  const alarms = page.getByTestId('screen-/alarm-record');
  await alarms.getByRole('combobox', { name: '门禁' }).click();
  await page.getByTestId(`option-GateID-${gate.ID}`).click();
  await alarms.getByTestId('report-run').click();
  const alarm = alarms.getByTestId('report-grid').getByRole('row', { name: new RegExp(shelfCopy) });
  await expect(alarm).toContainText(title);
  await expect(alarm).toContainText('否');

  // 进出馆统计: today's row of this gate (the school's day, computed by the gateway), chart, export.
  await page.evaluate(() => { location.hash = '#/inoutstatistic'; });
  const stat = page.getByTestId('screen-/inoutstatistic');
  await stat.getByRole('combobox', { name: '门禁' }).click();
  await page.getByTestId(`option-GateID-${gate.ID}`).click();
  await stat.getByTestId('report-run').click();
  // The school's today as the gateway sees it (its time zone), from the door's own call.
  const door = await page.evaluate(async (path) => (await (await fetch(path, { headers: { schoolid: '1' } })).json()).data, gateCalls.getPublicCounts.path) as { Day: string };
  const today = stat.getByTestId('report-grid').getByRole('row', { name: new RegExp(door.Day) });
  await expect(today.getByRole('gridcell').nth(1)).toHaveText('6');
  await expect(today.getByRole('gridcell').nth(2)).toHaveText('1');
  await expect(today.getByRole('gridcell').nth(3)).toHaveText('1');
  await expect(stat.getByTestId('report-chart')).toBeVisible();
  await foldDownloadPanel(page);
  await stat.getByTestId('kit-export').click();
  await expect(page.getByText('已开始导出，请在下载任务中查看。')).toBeVisible();
  await expect(stat.getByTestId('report-print')).toBeVisible();
  expect(health.problems).toEqual([]);

  // The door's view inside another site's frame, without signing in: counts only, no names. The
  // "site" is a page of another origin (another port of this machine; Chromium refuses a public
  // page framing a local address).
  const site = createServer((_q, r) => {
    r.setHeader('content-type', 'text/html');
    r.end(`<!doctype html><title>School</title><iframe id="door" src="${baseURL}/library/embed#/inoutstatisticiframe?school=BJSY01" width="1200" height="700"></iframe>` +
      `<iframe id="admin" src="${baseURL}/library/embed#/entry-exit-records" width="600" height="300"></iframe>` +
      `<iframe id="app" src="${baseURL}/library/#/inoutstatisticiframe?school=BJSY01" width="600" height="300"></iframe>`);
  });
  await new Promise<void>((ok) => site.listen(0, '127.0.0.1', () => ok()));
  const outsider = await browser.newContext();
  try {
    const other = await outsider.newPage();
    await other.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const frame = other.frameLocator('#door');
    await expect(frame.getByTestId('door-counts')).toBeVisible();
    const todayIn = Number((await frame.getByTestId('door-TodayIn').locator('p').first().innerText()).replace(/\D/g, ''));
    expect(todayIn).toBeGreaterThanOrEqual(6);
    await expect(frame.getByTestId('door-Occupancy')).toBeVisible();
    await expect(frame.getByTestId('door-WeekIn')).toBeVisible();
    const text = await frame.locator('body').innerText();
    expect(text).not.toContain(reader);
    expect(text).not.toContain(gateName);
    // Another route of the embed document is not shown inside a frame, and the app's own document refuses framing.
    await expect(other.frameLocator('#admin').getByTestId('framed-notice')).toBeVisible();
    await expect.poll(() => other.frames().find((f) => f.name() === '' && f.url().includes('/library/#'))?.url() ?? 'blocked').toBe('blocked');
  } finally {
    await outsider.close();
    site.close();
  }

  // The statistic in English.
  await page.getByTestId('language-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(stat.getByRole('heading', { level: 1, name: 'Entry/Exit Statistics' })).toBeVisible();
});
