import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { defineCall, LIB } from '../../../shared/api/contract.ts';
import { changeLanguage, i18next } from '../../lib/i18n.ts';
import { jobsStore } from '../../lib/jobs-store.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { setupKitI18n } from '../testing/branch-fixture.ts';
import { fakeGateway } from '../testing/fake-gateway.ts';
import { renderKit } from '../testing/render-kit.tsx';
import { ReportScreen, type ReportConfig } from './report-screen.tsx';

const params = z.object({ From: z.iso.date(), To: z.iso.date(), Grade: z.number().int().min(1).max(12).optional() });
const run = defineCall({
  id: 'report.loans', method: 'POST', path: `${LIB}/Report/GetLoansByGrade`, auth: 'user', spec: false,
  input: params, data: z.array(z.object({ Grade: z.string(), Loans: z.number().int() })),
});
const exportCall = defineCall({ id: 'report.loansExport', method: 'POST', path: `${LIB}/Report/ExportLoansByGrade`, auth: 'user', spec: false, input: params, data: z.object({ DataID: z.string() }) });
const config: ReportConfig = { id: 'loans-by-grade', ns: 'kittest', run, export: exportCall, defaults: { From: '2026-01-01', To: '2026-01-31' }, chart: { category: 'Grade', values: ['Loans'] } };

beforeAll(() => {
  setupKitI18n();
  i18next.addResourceBundle('zh-CN', 'kittest', { resources: { 'loans-by-grade': { name: '年级借阅统计', fields: { Grade: '年级', Loans: '借阅量', From: '开始', To: '结束' } } } }, true, true);
});
beforeEach(async () => {
  sessionStore.setMenus({ Menus: [], Operations: ['*'], MenuVersion: 'new' });
  jobsStore.reset();
  await changeLanguage('zh-CN');
});

describe('ReportScreen', () => {
  it('parameter form → run → table → export through the download panel', async () => {
    const gw = fakeGateway({
      'Report/GetLoansByGrade': () => [{ Grade: '一年级', Loans: 12 }, { Grade: '二年级', Loans: 30 }],
      'Report/ExportLoansByGrade': () => ({ DataID: 'job-7' }),
    });
    renderKit(<ReportScreen config={config} />);
    expect(screen.getByText('年级借阅统计')).toBeInTheDocument();
    expect(screen.getByTestId('kit-empty')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('field-Grade'), { target: { value: '13' } });
    fireEvent.click(screen.getByTestId('report-run'));
    // zod's own message, in the UI language (no i18n key in the schema).
    await waitFor(() => expect(screen.getByTestId('field-Grade')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(/数值过大/)).toBeInTheDocument();
    expect(gw.calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-Grade'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('report-run'));
    expect(await screen.findByText('二年级', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(gw.to('GetLoansByGrade')[0]!.body).toEqual({ From: '2026-01-01', To: '2026-01-31' });
    expect(screen.getByRole('columnheader', { name: '借阅量' })).toBeInTheDocument();
    // The chart is a lazy chunk: slow to import on a busy machine.
    expect(await screen.findByTestId('report-chart', {}, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('kit-export'));
    await waitFor(() => expect(jobsStore.get().started).toEqual(['job-7']));
    expect(gw.to('ExportLoansByGrade')[0]!.body).toEqual({ From: '2026-01-01', To: '2026-01-31' });
  });

  it('prints every row of the parameters run, under the report name and its parameters, and nothing of the page', async () => {
    fakeGateway({ 'Report/GetLoansByGrade': () => [{ Grade: '一年级', Loans: 12 }, { Grade: '二年级', Loans: 30 }] });
    // happy-dom has no print(); the browser's opens its dialog.
    const print = vi.fn();
    window.print = print;
    renderKit(<ReportScreen config={config} />);
    fireEvent.click(screen.getByTestId('report-run'));
    expect(await within(await screen.findByTestId('report-grid')).findByText('二年级', {}, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('report-print'));
    const sheet = await screen.findByTestId('report-print-sheet', {}, { timeout: 10_000 });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(sheet.parentElement).toBe(document.body);
    expect(sheet.querySelector('h1')?.textContent).toBe('年级借阅统计');
    expect(sheet.textContent).toContain('开始: 2026-01-01');
    expect([...sheet.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([['一年级', '12'], ['二年级', '30']]);
    expect(sheet.textContent).toContain('共 2 条');
    // Printing over, the sheet goes.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(screen.queryByTestId('report-print-sheet')).toBeNull());
  });
});

