/**
 * School-local calendar days as yyyy-mm-dd strings. All day arithmetic runs on UTC midnights, so it
 * never depends on the machine's time zone; the school's zone is a fixed offset in minutes
 * (see SchoolCalendar.UtcOffsetMinutes) rather than an Intl zone name, which would tie results to
 * the ICU data of whichever runtime evaluates them.
 */
const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date.parse is only specified for the ISO format; an offset is required so "local time" never sneaks in.
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function dayToMs(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`Not a yyyy-mm-dd day: ${day}`);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const ms = new Date(0).setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (msToDay(ms) !== day) throw new RangeError(`No such day: ${day}`);
  return ms;
}

function msToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isLocalDay(value: string): boolean {
  return DAY_RE.test(value);
}

/** Milliseconds since the epoch of an ISO instant with an explicit offset; throws RangeError otherwise. */
export function parseInstant(iso: string): number {
  const ms = INSTANT_RE.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO instant with an offset: ${iso}`);
  return ms;
}

// The desk asks the local day of every loan's due date several times per request (overdue counts,
// the loan list), and of a few hundred loans for some readers: the answers are remembered, per
// offset, up to LOCAL_DAY_MEMO instants (then forgotten all at once).
const LOCAL_DAY_MEMO = 4096;
const localDays = new Map<number, Map<string, string>>();

/** The school-local day of an instant; a bare yyyy-mm-dd is already a local day and is returned as is. */
export function toLocalDay(isoOrDay: string, utcOffsetMinutes: number): string {
  if (isLocalDay(isoOrDay)) {
    dayToMs(isoOrDay);
    return isoOrDay;
  }
  let memo = localDays.get(utcOffsetMinutes);
  if (!memo) localDays.set(utcOffsetMinutes, (memo = new Map()));
  let day = memo.get(isoOrDay);
  if (day === undefined) {
    // Throws on a malformed instant, which is then not remembered.
    day = msToDay(parseInstant(isoOrDay) + utcOffsetMinutes * 60_000);
    if (memo.size >= LOCAL_DAY_MEMO) memo.clear();
    memo.set(isoOrDay, day);
  }
  return day;
}

export function addDays(day: string, n: number): string {
  return msToDay(dayToMs(day) + n * DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToMs(to) - dayToMs(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, like Date#getDay. */
export function weekdayOf(day: string): number {
  return new Date(dayToMs(day)).getUTCDay();
}

export function formatOffset(utcOffsetMinutes: number): string {
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(utcOffsetMinutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The last second of a local day as an ISO instant in the school's offset, e.g. 2025-02-05T23:59:59+08:00. */
export function endOfLocalDay(day: string, utcOffsetMinutes: number): string {
  dayToMs(day);
  return `${day}T23:59:59${formatOffset(utcOffsetMinutes)}`;
}

/** An instant as the school's local "yyyy-mm-dd hh:mm" (a spreadsheet has no time zone); '' for none, as stored when unreadable. */
export function localDateTime(instant: string | null, utcOffsetMinutes: number): string {
  if (!instant) return '';
  const ms = Date.parse(instant);
  return Number.isFinite(ms) ? new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ') : instant;
}
