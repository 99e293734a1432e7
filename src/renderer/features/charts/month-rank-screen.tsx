import { PeriodRank } from './period-rank.tsx';

/** /monthrank: the month's top list of books. */
export default function MonthRankScreen() {
  return <PeriodRank kind="month" />;
}
