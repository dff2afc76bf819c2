/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012: the published algorithm,
 * steps 1 to 8, written here from the paper). Pure. One rating period may hold several games;
 * the puzzle trainer rates each attempt as its own period with one game against the puzzle,
 * as Lichess does for puzzles.
 */

export interface Glicko2Rating {
  rating: number;
  rd: number;
  volatility: number;
}

export interface Glicko2Game {
  /** The opponent's rating and deviation (a puzzle's fixed rating and deviation). */
  rating: number;
  rd: number;
  /** 1 win, 0.5 draw, 0 loss (a puzzle solved or failed). */
  score: number;
}

/** Glicko-2's scale factor between the Glicko scale and the Glicko-2 scale (step 2). */
export const GLICKO2_SCALE = 173.7178;
const CONVERGENCE = 1e-6;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** The expected score of `player` against `opponent` (E in step 3): its success chance at a puzzle. */
export function expectedScore(player: { rating: number }, opponent: { rating: number; rd: number }): number {
  const mu = (player.rating - 1500) / GLICKO2_SCALE;
  const muJ = (opponent.rating - 1500) / GLICKO2_SCALE;
  return 1 / (1 + Math.exp(-g(opponent.rd / GLICKO2_SCALE) * (mu - muJ)));
}

/**
 * One rating period (steps 2 to 8). `tau` is the system constant (how fast the volatility moves).
 * No games: only the deviation grows (step 6 without games).
 */
export function glicko2Period(player: Glicko2Rating, games: readonly Glicko2Game[], tau: number): Glicko2Rating {
  const mu = (player.rating - 1500) / GLICKO2_SCALE;
  const phi = player.rd / GLICKO2_SCALE;
  if (games.length === 0) {
    return { rating: player.rating, rd: GLICKO2_SCALE * Math.sqrt(phi * phi + player.volatility ** 2), volatility: player.volatility };
  }
  let vInverse = 0;
  let sum = 0;
  for (const game of games) {
    const gJ = g(game.rd / GLICKO2_SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - (game.rating - 1500) / GLICKO2_SCALE)));
    vInverse += gJ * gJ * e * (1 - e);
    sum += gJ * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;

  // Step 5: the new volatility, the root of f by the Illinois algorithm.
  const a = Math.log(player.volatility ** 2);
  const f = (x: number) => {
    const ex = Math.exp(x);
    return (ex * (delta ** 2 - phi ** 2 - v - ex)) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2;
  };
  let lower = a;
  let upper: number;
  if (delta ** 2 > phi ** 2 + v) upper = Math.log(delta ** 2 - phi ** 2 - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > CONVERGENCE) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else fLower /= 2;
    upper = c;
    fUpper = fC;
  }
  const volatility = Math.exp(lower / 2);

  // Steps 6 to 8.
  const phiStar = Math.sqrt(phi ** 2 + volatility ** 2);
  const phiNew = 1 / Math.sqrt(1 / phiStar ** 2 + 1 / v);
  const muNew = mu + phiNew ** 2 * sum;
  return { rating: GLICKO2_SCALE * muNew + 1500, rd: GLICKO2_SCALE * phiNew, volatility };
}
