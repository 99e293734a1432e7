import { PlaceHoldButton } from '../../features/reader-account/place-hold-button.tsx';
import { TitleDetailPage } from '../../features/search/title-detail-screen.tsx';

/** /search/book/details: the title as the catalogue shows it, with the reader's "place a hold" (features/reader-account). */
export default function PortalTitlePage() {
  return <TitleDetailPage actions={(d) => <PlaceHoldButton titleId={d.ID} lendable={d.Copies > 0} />} />;
}
