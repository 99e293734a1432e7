import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PrintJobInfo } from '../../../shared/ipc/contract.ts';
import { bridge, BROWSER_UNSUPPORTED, isDesktop } from '../../lib/bridge.ts';
import { TemplateSection } from './template-section.tsx';

const COLOR = { queued: 'default', submitting: 'info', held: 'info', released: 'info', done: 'success', cancelled: 'default' } as const;

/**
 * /print, the print centre: this desk's print queue (kept by the desktop app, so it shows what
 * waits while the network or the printer is down, and why), newest first, with cancel for jobs
 * that have not gone to the printer yet. Refreshed every two seconds. Below it, the desk's label
 * templates (template-section.tsx).
 */
export default function PrintCentreScreen() {
  const { t, i18n } = useTranslation(['printing', 'errors']);
  const desktop = isDesktop();
  const [jobs, setJobs] = useState<PrintJobInfo[] | null>(null);

  useEffect(() => {
    if (!desktop) return;
    let live = true;
    const load = () => void bridge.printJobs().then((r) => live && r.ok && setJobs(r.data));
    load();
    const timer = setInterval(load, 2000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [desktop]);

  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const list = [...(jobs ?? [])].reverse();
  const waiting = list.filter((j) => j.state !== 'done' && j.state !== 'cancelled').length;

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="h6" component="h1">{t('printing:centre.heading')}</Typography>
              {jobs && <Chip size="small" label={t('printing:centre.waiting', { count: waiting })} data-testid="print-waiting" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">{t('printing:centre.intro')}</Typography>
            {!desktop && <Alert severity="info" data-testid="print-browser-note">{t(BROWSER_UNSUPPORTED)}</Alert>}
            {jobs && !list.length && <Typography variant="body2" data-testid="print-empty">{t('printing:centre.empty')}</Typography>}
            {list.length > 0 && (
              <Table size="small" data-testid="print-jobs">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('printing:centre.time')}</TableCell>
                    <TableCell>{t('printing:centre.title')}</TableCell>
                    <TableCell>{t('printing:printer')}</TableCell>
                    <TableCell align="right">{t('printing:centre.labels')}</TableCell>
                    <TableCell>{t('printing:centre.state')}</TableCell>
                    <TableCell>{t('printing:centre.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((j) => (
                    <TableRow key={j.id} data-testid={`print-job-${j.seq}`}>
                      <TableCell>{when(j.createdAt)}</TableCell>
                      <TableCell>{j.title}</TableCell>
                      <TableCell>{j.printer}</TableCell>
                      <TableCell align="right">{j.copies > 1 ? `${j.labels} × ${j.copies}` : j.labels}</TableCell>
                      <TableCell>
                        <Chip size="small" color={COLOR[j.state]} label={t(`printing:states.${j.state}`)} data-testid={`print-state-${j.seq}`} />
                        {j.lastError && j.state !== 'done' && (
                          <Typography variant="caption" color="error" sx={{ display: 'block' }}>{t('printing:centre.waitsBecause', { reason: j.lastError, attempts: j.attempts })}</Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        {(j.state === 'queued' || j.state === 'submitting' || j.state === 'held') && (
                          <Button size="small" onClick={() => void bridge.cancelPrintJob(j.id).then(() => bridge.printJobs()).then((r) => r.ok && setJobs(r.data))}>
                            {t('printing:centre.cancel')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        </CardContent>
      </Card>
      <TemplateSection />
    </Stack>
  );
}
