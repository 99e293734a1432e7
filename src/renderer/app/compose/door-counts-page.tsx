import DoorCountsScreen from '../../features/gate/door-counts-screen.tsx';
import { SchoolGate } from '../../features/search/portal-school.tsx';

/** /inoutstatisticiframe: the door's counts (features/gate) once the school is known from ?school=CODE (features/search). */
export default function DoorCountsPage() {
  return <SchoolGate><DoorCountsScreen /></SchoolGate>;
}
