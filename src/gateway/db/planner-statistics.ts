import type { DbHandle } from './connect.ts';

const HOUR = 3_600_000;

/**
 * SQLite picks its query plans from the statistics ANALYZE stores (sqlite_stat1). Without them
 * it guesses, and with 200,000 copies a guess can walk a school's whole copies index where one
 * index lookup would do. `PRAGMA optimize=0x10002` re-analyses every table whose size changed
 * a lot since its last analysis, reading at most `analysis_limit` rows of each index, so it
 * costs milliseconds; SQLite recommends it at start and periodically, and after bulk loads.
 * PostgreSQL's autovacuum keeps its own statistics.
 */
export function refreshPlannerStatistics(handle: Pick<DbHandle, 'sqlite'>): void {
  if (!handle.sqlite) return;
  handle.sqlite.exec('PRAGMA analysis_limit = 1000');
  handle.sqlite.exec('PRAGMA optimize = 0x10002');
}

/** At start, then hourly while the gateway runs; the returned function stops it. */
export function keepPlannerStatistics(handle: Pick<DbHandle, 'sqlite'>, everyMs = HOUR): () => void {
  if (!handle.sqlite) return () => undefined;
  refreshPlannerStatistics(handle);
  const timer = setInterval(() => {
    try {
      refreshPlannerStatistics(handle);
    } catch (err) {
      // Busy or closing: the next hour tries again; plans only get slower meanwhile.
      console.error('gateway: PRAGMA optimize failed:', (err as Error).message);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
