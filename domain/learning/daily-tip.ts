/**
 * Today's tip: the same for everyone on a given day (the UTC date) and a different one each day.
 * With the tips ordered by id and n of them, day d (days since 1970-01-01 UTC) shows the tip at
 * index (d * s) mod n, where s is the smallest number from 7 up that shares no factor with n:
 * consecutive days are s apart (mod n), never equal when n > 1, and every tip comes once in n days.
 */
const DAY_MS = 86_400_000;
export const TIP_STRIDE_FROM = 7;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function tipStride(count: number): number {
  let stride = TIP_STRIDE_FROM;
  while (count > 1 && gcd(stride, count) !== 1) stride += 1;
  return stride;
}

export function utcDayNumber(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

export function todaysTipIndex(count: number, date: Date): number {
  if (count <= 0) return -1;
  return (utcDayNumber(date) * tipStride(count)) % count;
}

/** Today's tip among `tips` (any order: they are ordered by id here), or null when there is none. */
export function todaysTip<T extends { id: number }>(tips: readonly T[], date: Date = new Date()): T | null {
  const sorted = [...tips].sort((a, b) => a.id - b.id);
  return sorted[todaysTipIndex(sorted.length, date)] ?? null;
}
