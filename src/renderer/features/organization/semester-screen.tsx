import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { organizationCalls, type Term } from '../../../shared/api/organization.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { resourceKey } from '../../kit/data/resource-queries.ts';
import { useSession } from '../../lib/use-session.ts';
import { subjectResource, termResource } from './organization.resources.ts';

/** "Current" chip or a button making the term current (one current term per school). */
function CurrentAction({ term }: { term: Term }) {
  const { t } = useTranslation('organization');
  const qc = useQueryClient();
  const ops = useSession().menus?.Operations ?? [];
  const perm = organizationCalls.setCurrentTerm.perm!;
  const set = useMutation({
    mutationFn: () => call(organizationCalls.setCurrentTerm, { ID: term.ID }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: resourceKey(termResource) });
      toast.key('organization:term.madeCurrent', 'success');
    },
  });
  if (term.IsCurrent) return <Chip size="small" color="primary" label={t('term.current')} data-testid={`term-current-${term.ID}`} />;
  if (!ops.includes('*') && !ops.includes(perm)) return null;
  return (
    <Button size="small" disabled={set.isPending} onClick={() => set.mutate()} data-testid={`term-set-current-${term.ID}`}>
      {t('term.setCurrent')}
    </Button>
  );
}

// The screen gate wraps every routed screen in its ScreenFrame (data-testid="screen-<path>").

/** /semester: school years and terms (one current), and the school's subjects. */
export default function SemesterScreen() {
  const { t } = useTranslation('organization');
  return (
    <Stack spacing={4}>
      <CrudScreen
        config={{
          resource: termResource,
          columns: ['SchoolYear', 'Name', 'EnName', 'StartDate', 'EndDate'],
          filters: [],
          form: { fields: ['SchoolYear', 'Name', 'EnName', 'StartDate', 'EndDate'] },
          slots: { rowActions: (row) => <CurrentAction term={row} />, rowActionLabels: [t('term.setCurrent')] },
        }}
      />
      <LookupTable config={{ resource: subjectResource, fields: ['Name', 'EnName', 'Code', 'Sort', 'State'], defaultEntry: { State: 1, Sort: 0 } }} />
    </Stack>
  );
}
