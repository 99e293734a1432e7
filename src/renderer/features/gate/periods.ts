/** Default periods of the gate reports: the last `n` days up to today (the browser's day). */
export function lastDays(n: number): { DateFrom: string; DateTo: string } {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const now = new Date();
  return { DateFrom: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (n - 1))), DateTo: day(now) };
}
