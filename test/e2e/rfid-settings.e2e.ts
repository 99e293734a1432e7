import { expect, test } from '@playwright/test';
import { signIn } from '../support/sign-in.ts';
import { watchPage } from '../support/page-health.ts';
import { describe, FAILING, scan, stillMotion } from '../support/axe-scan.ts';
import { installDesktopBridge, type DesktopRig } from '../support/desktop-bridge.ts';
import { encodeLibraryTag } from '../../src/shared/domain/rfid/iso28560-2.ts';
import { blankTag } from '../../src/main/rfid/tag-field.ts';

// The desk's RFID board on /setting (issue 8), through window.lib backed by the real main-process
// handlers, device service and serial driver, with the 3M simulator behind a socat pty.

let rig: DesktopRig | undefined;
test.afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

test('RFID board: a missing port is unavailable with the spec message; the simulated board connects and its tag is read', async ({ page, baseURL }) => {
  rig = await installDesktopBridge(page, `${baseURL}/library/`);
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/setting');
  const health = watchPage(page);
  const section = page.getByTestId('rfid-section');
  await expect(section.getByTestId('rfid-state')).toHaveText('未设置读写器');

  await page.getByTestId('rfid-port').fill('/dev/ttyNOPE9');
  await page.getByTestId('rfid-connect').click();
  await expect(page.getByTestId('rfid-unavailable')).toContainText('读写器不可用（请检查连接或驱动）');
  await expect(page.getByTestId('rfid-unavailable')).toContainText('ttyNOPE9');

  await page.getByTestId('rfid-port').fill(rig.port);
  await page.getByLabel('馆代码（ISIL）').fill('CN-110108');
  await page.getByTestId('rfid-connect').click();
  await expect(section.getByTestId('rfid-state')).toHaveText('读写器已连接');

  await page.getByTestId('rfid-read').click();
  await expect(page.getByTestId('rfid-error')).toHaveText('读取失败，请检查图书是否放置正确');
  const tag = rig.field.place(blankTag());
  tag.blocks.set(encodeLibraryTag({ primaryItemId: 'T00000777', ownerLibrary: 'CN-110108' }));
  tag.afi = 0x07;
  await page.getByTestId('rfid-read').click();
  await expect(page.getByTestId('rfid-tag')).toContainText(tag.uid);
  await expect(page.getByTestId('rfid-tag')).toContainText('T00000777');
  await expect(page.getByTestId('rfid-tag')).toContainText('0x07');
  rig.field.place(blankTag());
  await page.getByTestId('rfid-read').click();
  await expect(page.getByTestId('rfid-error')).toHaveText('读写器上有多个标签，请只放一本书');

  await stillMotion(page);
  const findings = await scan(page, 'zh-CN /setting (RFID board connected, tag read)');

  // Remembered by the desktop settings: a reload shows the board connected; English throughout.
  await page.reload();
  await expect(page.getByTestId('rfid-state')).toHaveText('读写器已连接');
  const english = page.getByTestId('language-en-US');
  if ((await english.getAttribute('aria-pressed')) !== 'true') await english.click();
  await expect(page.getByTestId('rfid-state')).toHaveText('Board connected');
  await page.getByTestId('rfid-read').click();
  await expect(page.getByTestId('rfid-error')).toHaveText('More than one tag is on the board: place one book only');
  rig.field.lift(tag.uid);
  await page.getByTestId('rfid-read').click();
  await expect(page.getByTestId('rfid-tag')).toContainText('Blank tag or data we cannot read');
  await stillMotion(page);
  findings.push(...(await scan(page, 'en-US /setting (RFID board connected, blank tag)')));
  expect(describe(findings.filter((f) => FAILING.has(f.impact)))).toBe('');
  await page.getByTestId('language-zh-CN').click();
  expect(health.problems).toEqual([]);
});

test('RFID board in a plain browser: the section says the browser cannot, in both languages', async ({ page, baseURL }) => {
  await signIn(page, baseURL!, 'librarian', 'Library@2026', '/setting');
  await expect(page.getByTestId('rfid-browser-note')).toHaveText('您的浏览器不支持此功能');
  await page.getByTestId('language-en-US').click();
  await expect(page.getByTestId('rfid-browser-note')).toHaveText('Your browser does not support this feature.');
  await page.getByTestId('language-zh-CN').click();
});
