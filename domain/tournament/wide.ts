/**
 * Wide non-negative integers for the Dutch weights, which hold hundreds of bits at a thousand
 * players. A number is a row of `limbs` limbs of 48 bits in a Float64Array, most significant
 * limb first, every limb an exact integer in [0, 2^48). Bigint weights and duals allocated on
 * every operation and their comparisons dominated the pairing time; rows are added and compared
 * in place, and a comparison usually ends at the first limbs that differ.
 */
export const LIMB_BITS = 48;
export const LIMB = 2 ** LIMB_BITS;

/** Limbs for numbers below 2^bits. */
export function limbsFor(bits: number): number {
  return Math.max(1, Math.ceil(bits / LIMB_BITS));
}

/** 2^0 .. 2^48. */
const POW2 = Array.from({ length: LIMB_BITS + 1 }, (_, i) => 2 ** i);

/**
 * row += value · 2^bit for an integer 0 <= value < 2^48, without carrying: a limb may exceed
 * 2^48 until normalise(). Up to 32 additions between normalisations stay exact.
 */
export function addAt(row: Float64Array, at: number, limbs: number, value: number, bit: number): void {
  const place = Math.floor(bit / LIMB_BITS);
  const shift = bit - place * LIMB_BITS;
  const i = at + limbs - 1 - place;
  // value · 2^shift spans two limbs: the part that fits in this one, and the rest above.
  const high = Math.floor(value / POW2[LIMB_BITS - shift]!);
  row[i] = row[i]! + (value - high * POW2[LIMB_BITS - shift]!) * POW2[shift]!;
  if (high !== 0) row[i - 1] = row[i - 1]! + high;
}

/** Carries every limb above 2^48 into the next one up (the row must not overflow). */
export function normalise(row: Float64Array, at: number, limbs: number): void {
  for (let i = at + limbs - 1; i > at; i--) {
    const carry = Math.floor(row[i]! / LIMB);
    if (carry !== 0) {
      row[i] = row[i]! - carry * LIMB;
      row[i - 1] = row[i - 1]! + carry;
    }
  }
}

/** Is the row zero? */
export function isZero(row: Float64Array, at: number, limbs: number): boolean {
  for (let i = 0; i < limbs; i++) if (row[at + i] !== 0) return false;
  return true;
}

const LIMB_MASK = (1n << BigInt(LIMB_BITS)) - 1n;

/** A non-negative bigint below 2^(48 · limbs) as a row. */
export function rowOf(value: bigint, limbs: number): Float64Array {
  if (value < 0n || value >> BigInt(LIMB_BITS * limbs) !== 0n) throw new RangeError(`${value} does not fit in ${limbs} limbs`);
  const row = new Float64Array(limbs);
  let x = value;
  for (let i = limbs - 1; i >= 0; i--) {
    row[i] = Number(x & LIMB_MASK);
    x >>= BigInt(LIMB_BITS);
  }
  return row;
}

/** A row's value as a bigint. */
export function bigintOf(row: Float64Array): bigint {
  let x = 0n;
  for (const limb of row) x = (x << BigInt(LIMB_BITS)) + BigInt(limb);
  return x;
}
