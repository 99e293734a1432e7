/** The p-quantile of a sample (nearest rank), the one definition every bench figure uses. */
export const pct = (xs: readonly number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]!;
