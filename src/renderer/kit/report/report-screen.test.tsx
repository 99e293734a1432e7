import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    expect(await screen.findByText('二年级')).toBeInTheDocument();
    expect(gw.to('GetLoansByGrade')[0]!.body).toEqual({ From: '2026-01-01', To: '2026-01-31' });
    expect(screen.getByRole('columnheader', { name: '借阅量' })).toBeInTheDocument();
    expect(await screen.findByTestId('report-chart')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('kit-export'));
    await waitFor(() => expect(jobsStore.get().started).toEqual(['job-7']));
    expect(gw.to('ExportLoansByGrade')[0]!.body).toEqual({ From: '2026-01-01', To: '2026-01-31' });
  });
});
