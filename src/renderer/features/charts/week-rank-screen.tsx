import { PeriodRank } from './period-rank.tsx';

/** /weekrank: the week's top list of books. */
export default function WeekRankScreen() {
  return <PeriodRank kind="week" />;
}
