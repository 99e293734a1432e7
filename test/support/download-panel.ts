import { expect, type Page } from '@playwright/test';
import { jobCalls } from '../../src/shared/api/jobs.ts';
import { gw } from './gateway-fixtures.ts';

/**
 * Folds the floating download panel away. It opens over the lower right of a screen whenever a job
 * starts, and with several jobs listed it covers buttons there (as a librarian would, the test
 * folds it before clicking beneath it).
 */
export async function foldDownloadPanel(page: Page): Promise<void> {
  const panel = page.getByTestId('download-panel');
  if ((await panel.getAttribute('data-expanded')) === 'true') await panel.getByTestId('download-panel-toggle').click();
  await expect(panel).toHaveAttribute('data-expanded', 'false');
}

/** Waits for the caller's latest job to finish and returns its message (the download panel's line). */
export async function lastJobDone(page: Page): Promise<string> {
  let message = '';
  await expect.poll(async () => {
    const list = await gw<{ List: Array<{ DataID: string; State: number; Message: string }> }>(page, jobCalls.getProgressList, { Page: 1, Rows: 1 });
    message = list.List[0]?.Message ?? '';
    return list.List[0]?.State;
  }, { timeout: 60_000 }).toBe(2);
  return message;
}
