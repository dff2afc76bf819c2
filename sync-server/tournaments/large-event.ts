/**
 * A large event as a TRF file, for the stall tests and bench/stalls.ts: `players` players (rated
 * 1000 upwards) and `rounds` completed rounds, every player paired in each round (the last one
 * of an odd field gets a pairing bye). Not a real Swiss draw: opponents rotate so that each
 * round differs, which is all the server's loading and storing cares about.
 */
import { makeTrf, NO_TRF_RECORDS, type Player, type ResultCode, type RoundEntry, type Trf } from '../../domain/tournament';

export function largeEventTrf(players: number, rounds: number, name = 'District Open'): string {
  const entries: RoundEntry[][] = Array.from({ length: players }, () => []);
  for (let round = 0; round < rounds; round++) {
    const order = Array.from({ length: players }, (_, i) => (i * (2 * round + 1)) % players);
    // A permutation only when the step is prime to the field; otherwise rotate.
    const seen = new Set(order);
    const field = seen.size === players ? order : Array.from({ length: players }, (_, i) => (i + round) % players);
    for (let k = 0; k + 1 < players; k += 2) {
      const white = field[k] as number;
      const black = field[k + 1] as number;
      const outcome = (white + black + round) % 3;
      const [w, b]: [ResultCode, ResultCode] = outcome === 0 ? ['1', '0'] : outcome === 1 ? ['0', '1'] : ['=', '='];
      entries[white]![round] = { opponent: black + 1, colour: 'w', result: w };
      entries[black]![round] = { opponent: white + 1, colour: 'b', result: b };
    }
    if (players % 2 === 1) entries[field[players - 1] as number]![round] = { opponent: null, colour: null, result: 'U' };
  }
  const list: Player[] = entries.map((played, index) => ({
    startRank: index + 1,
    name: `Player ${String(index + 1).padStart(5, '0')}, Test`,
    rating: 1000 + ((index * 37) % 1400),
    sex: 'm',
    title: '',
    federation: 'IND',
    fideId: String(10_000_000 + index),
    birthDate: '2012/01/01',
    points: 0,
    rank: 0,
    rounds: played,
  }));
  const trf: Trf = {
    ...NO_TRF_RECORDS,
    headers: [
      { code: '012', value: name },
      { code: '022', value: 'Town Hall' },
    ],
    players: list,
    totalRounds: rounds + 2,
    initialColour: null,
    forbiddenPairs: [],
    prohibitedPairs: [],
    byes: [],
    acceleration: 'none',
  };
  return makeTrf(trf);
}
