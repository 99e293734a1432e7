import { PortalQr } from '../../features/guide/portal-qr.tsx';
import { rememberedSchoolCode } from '../../features/search/portal-school.tsx';
import { PORTAL_PATHS } from '../../features/search/search-paths.tsx';
import { TitleDetailPage } from '../../features/search/title-detail-screen.tsx';

/** /guidescreen/searchdetail: the title as the portal shows it, with a QR code that opens it there on a phone. */
export default function GuideTitlePage() {
  return <TitleDetailPage aside={(d) => <PortalQr path={PORTAL_PATHS.detail(d.ID)} schoolCode={rememberedSchoolCode()} />} />;
}
