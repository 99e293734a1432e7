import { PeriodRank } from './period-rank.tsx';

/** /dayrank: the day's top list of books. */
export default function DayRankScreen() {
  return <PeriodRank kind="day" />;
}
