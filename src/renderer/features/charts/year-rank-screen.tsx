import { PeriodRank } from './period-rank.tsx';

/** /yearrank: the year's top list of books. */
export default function YearRankScreen() {
  return <PeriodRank kind="year" />;
}
