import type { TestApp } from '../../src/gateway/testing/test-app.ts';

/**
 * The school's calendar day of an instant, as its screens ask for periods (its calendar's offset
 * from UTC). A day taken in UTC instead is the day before between 16:00 and 24:00 UTC at UTC+8,
 * and a period ending then leaves out the fixture's copies, catalogued "now": the reports ran on
 * the demo's hundred titles instead of the fixture's hundred thousand.
 */
export async function schoolDayOf(t: TestApp, school = 1): Promise<(ms: number) => string> {
  const offset = (await t.app.schoolRules.of(school)).rules.Calendar.UtcOffsetMinutes;
  return (ms: number) => new Date(ms + offset * 60_000).toISOString().slice(0, 10);
}
