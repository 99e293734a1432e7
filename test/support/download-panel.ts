import { expect, type Page } from '@playwright/test';

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
