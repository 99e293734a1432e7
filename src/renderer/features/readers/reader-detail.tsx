import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readerCalls, type Reader, type ReaderDetail } from '../../../shared/api/readers.ts';
import { getQueryOptions } from '../../kit/data/resource-queries.ts';
import { fieldSpecs } from '../../kit/fields/field-spec.ts';
import { formatValue } from '../../kit/fields/format-value.ts';
import { useResourceLabels } from '../../kit/labels.ts';
import { useSession } from '../../lib/use-session.ts';
import { ReaderLinksPanel } from './reader-links-panel.tsx';
import { ReaderPhoto } from './reader-photo.tsx';
import { readerResource } from './readers.resource.ts';

const SHOWN = ['ReaderID', 'Account', 'Identity', 'DeptName', 'Status', 'Sex', 'Birthday', 'Phone', 'Email', 'Deposit', 'ExpireAt'];

/**
 * The readers list's detail slot: photo, the fields, roles (read-only; assigned on /permission)
 * and the parent links. The list row shows at once; GetReader fills in parents and children.
 */
export function ReaderDetailView({ row }: { row: Reader }) {
  const { t } = useTranslation(['readers', 'kit']);
  const labels = useResourceLabels(readerResource);
  const full = useQuery(getQueryOptions(readerResource, row.ID));
  const ops = useSession().menus?.Operations ?? [];
  const canEdit = ops.includes('*') || ops.includes(readerCalls.updateStudentParents.perm!);
  // The resource is typed by the list row; its get call (GetReader) returns the detail with the links.
  const detail = full.data as ReaderDetail | undefined;
  const reader = detail ?? row;
  const specs = useMemo(() => new Map(fieldSpecs(readerResource.schema, readerResource.fields).map((s) => [s.name, s])), []);
  return (
    <Stack spacing={2} data-testid="reader-detail">
      <ReaderPhoto url={reader.PhotoUrl} />
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {SHOWN.map((name) => (
          <div key={name}>
            <Typography component="dt" variant="caption" color="text.secondary">{labels.field(name)}</Typography>
            <Typography component="dd" sx={{ m: 0 }}>{formatValue(specs.get(name), reader[name as keyof Reader], labels, (b) => t(b ? 'kit:yes' : 'kit:no'))}</Typography>
          </div>
        ))}
        <div>
          <Typography component="dt" variant="caption" color="text.secondary">{t('detail.roles')}</Typography>
          {/* A dl group holds only dt and dd, so the link lives in a second dd. */}
          <Typography component="dd" sx={{ m: 0 }} data-testid="reader-roles">{reader.Roles || t('detail.noRoles')}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            <Link component={RouterLink} to="/permission" variant="body2" data-testid="reader-roles-link">{t('detail.manageRoles')}</Link>
          </Typography>
        </div>
      </Stack>
      {detail && <ReaderLinksPanel reader={detail} canEdit={canEdit} />}
    </Stack>
  );
}
