import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chartsCalls, type RankPeriod } from '../../../shared/api/charts.ts';
import { guideCalls } from '../../../shared/api/guide.ts';
import { call } from '../../lib/api-client.ts';
import { useSession } from '../../lib/use-session.ts';

/** The school the kiosk answers for (the one chosen by code; the same rule as the portal's). */
function usePortalSchool(): number | null {
  const s = useSession();
  return s.user?.SchoolID ?? s.searchSchool;
}

/** The kiosk's reads; keys carry the school, as the catalogue's do (search-queries.ts). */
export const guideKeys = {
  items: (school: number | null, period: RankPeriod) => ['guide', school, 'itemRank', period] as const,
  classes: (school: number | null, period: RankPeriod, sort: 'loans' | 'perReader') => ['guide', school, 'classRank', period, sort] as const,
  cardSettings: (school: number | null) => ['guide', school, 'cardSettings'] as const,
};

/** Rankings change with every loan, but a wall display need not chase them: a minute is fresh enough. */
const RANK_STALE_MS = 60_000;

export function useItemRank(period: RankPeriod) {
  const school = usePortalSchool();
  return useQuery({
    queryKey: guideKeys.items(school, period),
    queryFn: ({ signal }) => call(chartsCalls.itemBorrowRank, { Period: period, Top: 100 }, { signal }),
    enabled: school != null,
    placeholderData: keepPreviousData,
    staleTime: RANK_STALE_MS,
  });
}

export function useClassRank(period: RankPeriod, sort: 'loans' | 'perReader') {
  const school = usePortalSchool();
  return useQuery({
    queryKey: guideKeys.classes(school, period, sort),
    queryFn: ({ signal }) => call(chartsCalls.gradeBorrowRank, { Period: period, Level: 'class', Sort: sort, Top: 100 }, { signal }),
    enabled: school != null,
    placeholderData: keepPreviousData,
    staleTime: RANK_STALE_MS,
  });
}

export function useCardSettings() {
  const school = usePortalSchool();
  return useQuery({
    queryKey: guideKeys.cardSettings(school),
    queryFn: () => call(guideCalls.cardSettings, {}),
    enabled: school != null,
    staleTime: 5 * 60_000,
  });
}
