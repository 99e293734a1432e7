import LibraryInfoScreen from '../../features/library-info/library-info-screen.tsx';
import { SchoolGate } from '../../features/search/portal-school.tsx';

/** /libraryinfo: the profile (features/library-info) once the school is known from ?school=CODE, memory or the picker (features/search). */
export default function LibraryInfoPage() {
  return <SchoolGate><LibraryInfoScreen /></SchoolGate>;
}
