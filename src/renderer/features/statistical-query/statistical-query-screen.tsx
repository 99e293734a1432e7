import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import {
  ALL_COLUMNS, ALL_MEASURES, ALL_DIMENSIONS, QUERY_COLUMNS, READER_NAME_COLUMNS, statisticalQueryCalls as C,
  type QueryColumn,
} from '../../../shared/api/statistical-query.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import type { ResourceLabels } from '../../kit/labels.ts';
import { EmptyState } from '../../kit/states/empty-state.tsx';
import { useChoices } from './condition-row.tsx';
import { QueryBuilderForm } from './query-builder-form.tsx';
import { describeDraft } from './query-describe.ts';
import { queryProblems } from './query-problems.ts';
import { decodeDraft, encodeDraft, newDraft, URL_PARAM, type Draft } from './query-model.ts';
import { QueryResultView } from './query-result.tsx';
import { SavedQueries } from './saved-queries.tsx';

const COLUMN_KEYS: ReadonlySet<string> = new Set([...ALL_COLUMNS, ...ALL_MEASURES, ...ALL_DIMENSIONS]);
const PARAM_KEYS: ReadonlySet<string> = new Set(['Subject', 'Period', 'Conditions', 'AnyOf', 'GroupBy']);

/**
 * /statistical-query 统计查询: a librarian's own question of the loans, the copies or the
 * readers, built from fixed fields, comparisons, groupings and measures (no SQL), answered as a
 * table, a chart when grouped, a print sheet and an .xlsx export job. The query lives in the
 * address (`?q=`), so it can be bookmarked, sent to a colleague and opened again as it was.
 */
export default function StatisticalQueryScreen() {
  const { t, i18n } = useTranslation('statistical-query');
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => decodeDraft(params.get(URL_PARAM)), [params]);
  const [draft, setDraft] = useState<Draft>(() => fromUrl ?? newDraft('loans'));
  const [ran, setRan] = useState<Draft | null>(fromUrl);
  const [problems, setProblems] = useState<string[]>([]);
  const options = useQuery({ queryKey: ['statistical-query', 'options', i18n.language], queryFn: () => call(C.options, {}, { toast: false }) });
  const choicesOf = useChoices(options.data);
  const labels = useMemo<ResourceLabels>(() => ({
    name: () => t('resources.statistical-query.name'),
    item: () => t('resources.statistical-query.name'),
    field: (f) => (COLUMN_KEYS.has(f) ? t(`columns.${f}`) : PARAM_KEYS.has(f) ? t(`ui.params.${f}`) : f),
    help: () => undefined,
    option: (_f, v) => String(v),
  }), [t]);

  const run = (from: Draft = draft) => {
    let q = from;
    // The list's default columns, less the reader's name and card for those who may not see them.
    if (!q.GroupBy.length && !q.Columns.length && options.data?.ReaderNames === false) {
      q = { ...q, Columns: (QUERY_COLUMNS[q.Subject] as readonly QueryColumn[]).filter((c) => !READER_NAME_COLUMNS.includes(c)).slice(0, 5) };
    }
    const found = queryProblems(q, t);
    setProblems(found);
    if (found.length) return;
    setRan(q);
    setParams((p) => { p.set(URL_PARAM, encodeDraft(q)); return p; }, { replace: true });
  };
  const copyLink = () => {
    void navigator.clipboard?.writeText(window.location.href).then(() => toast.key('statistical-query:ui.linkCopied', 'success'), () => undefined);
  };

  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="report-statistical-query">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h1">{labels.name()}</Typography>
        <Stack direction="row" spacing={1}>
          <SavedQueries draft={draft} onOpen={(d) => { setDraft(d); run(d); }} />
          {ran && <Button startIcon={<LinkOutlined />} onClick={copyLink}>{t('ui.copyLink')}</Button>}
        </Stack>
      </Stack>
      <QueryBuilderForm draft={draft} options={options.data} busy={false} onChange={setDraft} onRun={() => run()} />
      {problems.length > 0 && (
        <Alert severity="error" data-testid="sq-problems">
          {problems.map((p, i) => <div key={i}>{p}</div>)}
        </Alert>
      )}
      {ran
        ? <QueryResultView key={encodeDraft(ran)} ran={ran} labels={labels} described={describeDraft(ran, t, choicesOf)} />
        : <EmptyState message={t('ui.notRun')} />}
    </Stack>
  );
}
