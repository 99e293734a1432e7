import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { ledgerCalls as L, type LedgerKind, type LedgerOptions } from '../../../shared/api/ledgers.ts';
import { ExportButton } from '../../kit/import-export/export-button.tsx';
import { EmptyState } from '../../kit/states/empty-state.tsx';
import { LedgerParamsForm } from './ledger-params.tsx';
import { LEDGERS_NS, defaultParams, toInput, useLedgerOptions, type LedgerParams } from './use-ledger.ts';

/** The words of the printed heading under the title: the period and the filters chosen. */
export function subtitleOf(p: LedgerParams, options: LedgerOptions | undefined, t: TFunction): string[] {
  const out: string[] = [];
  if (p.From || p.To) out.push(t('print.period', { from: p.From || '…', to: p.To || '…' }));
  const branch = options?.Branches.find((b) => String(b.ID) === p.BranchID);
  if (branch) out.push(`${t('fields.BranchID')}: ${branch.Name}`);
  const type = options?.ResourceTypes.find((r) => String(r.ID) === p.ResourceTypeID);
  if (type) out.push(`${t('fields.ResourceTypeID')}: ${type.Name}`);
  const batches = options?.Batches.filter((b) => p.BatchIDs.includes(b.ID)).map((b) => b.BatchNo) ?? [];
  if (batches.length) out.push(`${t('fields.BatchIDs')}: ${batches.join(', ')}`);
  return out;
}

/**
 * Every register's frame: its title and what it shows, the parameter form, and once it has run,
 * the export (a job in the download panel) and the print view beside the title.
 */
export function LedgerFrame({ kind, ran, onRun, busy, onPrint, children }: {
  kind: LedgerKind;
  ran: LedgerParams | null;
  onRun: (p: LedgerParams) => void;
  busy: boolean;
  onPrint: () => void;
  children: (options: LedgerOptions | undefined) => ReactNode;
}) {
  const { t } = useTranslation(LEDGERS_NS);
  const options = useLedgerOptions(kind);
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid={`ledger-${kind}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>{t(`title.${kind}`)}</Typography>
        {ran && <ExportButton call={L.export} input={{ Ledger: kind, ...toInput(ran) }} />}
        {ran && <Button startIcon={<PrintOutlined />} onClick={onPrint} data-testid="ledger-print-open">{t('print.action')}</Button>}
      </Stack>
      <Typography variant="body2" color="text.secondary">{t(`intro.${kind}`)}</Typography>
      <LedgerParamsForm kind={kind} options={options.data} initial={defaultParams(kind)} busy={busy} onRun={onRun} />
      {ran ? children(options.data) : <EmptyState message={t('notRun')} />}
    </Stack>
  );
}
