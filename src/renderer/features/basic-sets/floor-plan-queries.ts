import { useQueries } from '@tanstack/react-query';
import { basicSetsCalls as c, type FloorPlan } from '../../../shared/api/basic-sets.ts';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/use-session.ts';

/** The saved plans of these branches as the kiosk reads them (anonymous; keyed by the school the kiosk answers for). */
export function usePublicFloorPlans(branchIds: readonly number[]): Map<number, FloorPlan> {
  const s = useSession();
  const school = s.user?.SchoolID ?? s.searchSchool;
  const results = useQueries({
    queries: branchIds.map((id) => ({
      queryKey: ['basic-sets', school, 'publicFloorPlan', id],
      queryFn: () => call(c.floorPlanPublic, { BranchID: id }, { toast: false }),
      enabled: school != null,
      // A plan changes when the library is rearranged, not during a visit.
      staleTime: 10 * 60_000,
    })),
  });
  const out = new Map<number, FloorPlan>();
  results.forEach((r) => { if (r.data) out.set(r.data.BranchID, r.data); });
  return out;
}
