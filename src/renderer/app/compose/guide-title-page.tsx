import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { PortalQr } from '../../features/guide/portal-qr.tsx';
import { rememberedSchoolCode } from '../../features/search/portal-school.tsx';
import { PORTAL_PATHS } from '../../features/search/search-paths.tsx';
import { TitleDetailPage } from '../../features/search/title-detail-screen.tsx';
import { ShowOnMap, WhereIsIt } from './guide-where-is-it.tsx';

/**
 * /guidescreen/searchdetail: the title as the portal shows it, with where its copy stands on the
 * library's floor plan (the copy picked in the list, or the first on the shelf) and a QR code that
 * opens it in the portal on a phone.
 */
export default function GuideTitlePage() {
  const { t } = useTranslation('guide');
  const [picked, setPicked] = useState<number | null>(null);
  return (
    <TitleDetailPage
      copyColumn={{ head: t('where.column'), cell: (c) => <ShowOnMap copy={c} shown={picked === c.ID} onShow={setPicked} /> }}
      aside={(d) => (
        <Stack spacing={2}>
          <WhereIsIt d={d} picked={picked} />
          <PortalQr path={PORTAL_PATHS.detail(d.ID)} schoolCode={rememberedSchoolCode()} />
        </Stack>
      )}
    />
  );
}
