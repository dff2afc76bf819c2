/**
 * Random tournament generator (FIDE C.02 endorsement, issue 29): `npm run pair -- --dutch -g
 * [config-file] -o out.trf [-s seed]`, bbpPairings' command line. Players with random ratings,
 * every round paired by our Dutch engine, random results (draws, forfeits by Elo expectation),
 * requested half-point byes and retirements; the same seed gives the same file. The config file
 * takes bbpPairings' keys (PlayersNumber, RoundsNumber, DrawPercentage, ForfeitRate, RetiredRate,
 * HalfPointByeRate; a rate N means about one in N), each `Key=value` on its own line.
 */
import { err, ok, type Result } from '../result-type';
import { seededRandom } from '../strength';
import { pairDutchRound } from './dutch/pair';
import type { Player, RoundEntry, Tournament } from './model';
import { NO_TRF_RECORDS, type Trf } from './trf';

export interface GeneratorConfig {
  readonly players: number;
  readonly rounds: number;
  /** Percent of games drawn (0-100). */
  readonly drawPercentage: number;
  /** About one game in N is a forfeit; 0: none. */
  readonly forfeitRate: number;
  /** About one player in N retires during the event; 0: none. */
  readonly retiredRate: number;
  /** About one player in N asks for a half-point bye in a round; 0: none. */
  readonly halfPointByeRate: number;
}


const KEYS: Record<string, keyof GeneratorConfig> = {
  PlayersNumber: 'players',
  RoundsNumber: 'rounds',
  DrawPercentage: 'drawPercentage',
  ForfeitRate: 'forfeitRate',
  RetiredRate: 'retiredRate',
  HalfPointByeRate: 'halfPointByeRate',
};

/** The configuration: from the file's `Key=value` lines, the rest drawn at random from the seed. */
export function generatorConfig(text: string | null, seed: number): Result<GeneratorConfig, string> {
  const random = seededRandom(seed ^ 0x9e3779b9);
  const players = 6 + Math.floor(random() * 145);
  const config: Record<keyof GeneratorConfig, number> = {
    players,
    rounds: Math.min(players - 1, 5 + Math.floor(random() * 7)),
    drawPercentage: Math.floor(random() * 60),
    forfeitRate: 15 + Math.floor(random() * 80),
    retiredRate: 40 + Math.floor(random() * 150),
    halfPointByeRate: 15 + Math.floor(random() * 80),
  };
  for (const [index, raw] of (text ?? '').split(/\r\n|\r|\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\w+)\s*=\s*(\d+)$/.exec(line);
    const key = match ? KEYS[match[1]!] : undefined;
    if (!match || !key) return err(`Line ${index + 1} of the configuration is not Key=number with a known key (${Object.keys(KEYS).join(', ')}): "${line}"`);
    config[key] = Number(match[2]);
  }
  if (config.players < 2 || config.players > 9999) return err('PlayersNumber must be from 2 to 9999.');
  if (config.rounds < 1 || config.rounds >= config.players + 1 || config.rounds > 99) return err('RoundsNumber must be from 1 to 99 and less than the number of players.');
  if (config.drawPercentage > 100) return err('DrawPercentage must be from 0 to 100.');
  return ok(config);
}

/** A whole tournament made with the engine, as a TRF. */
export function generateTournament(config: GeneratorConfig, seed: number): Result<Trf, string> {
  const random = seededRandom(seed);
  const ratings = Array.from({ length: config.players }, () => 1000 + Math.floor(random() * 1600)).sort((a, b) => b - a);
  const rounds: (RoundEntry | null)[][] = ratings.map(() => []);
  const retiresAt = ratings.map(() => (config.retiredRate > 0 && random() < 1 / config.retiredRate ? 2 + Math.floor(random() * Math.max(1, config.rounds - 1)) : Infinity));
  const chance = (rate: number) => rate > 0 && random() < 1 / rate;
  const players = (): Player[] =>
    ratings.map((rating, i) => ({ startRank: i + 1, name: `Player ${i + 1}`, rating, sex: '', title: '', federation: '', fideId: '', birthDate: '', points: 0, rank: 0, rounds: [...rounds[i]!] }));
  for (let round = 1; round <= config.rounds; round++) {
    for (let i = 0; i < ratings.length; i++) {
      if (round >= retiresAt[i]!) rounds[i]!.push({ opponent: null, colour: null, result: 'Z' });
      else if (round < config.rounds && chance(config.halfPointByeRate)) rounds[i]!.push({ opponent: null, colour: null, result: 'H' });
    }
    const t: Tournament = { players: players(), totalRounds: config.rounds, initialColour: 'w', forbiddenPairs: [], prohibitedPairs: [], byes: [], acceleration: 'none' };
    const pairing = pairDutchRound(t);
    if (!pairing.ok) return err(`No valid pairing exists for round ${round} of the generated tournament: ${pairing.error.message}`);
    for (const pair of pairing.value.pairs) {
      const [w, b] = [pair.white - 1, pair.black - 1];
      let results: [RoundEntry['result'], RoundEntry['result']];
      if (chance(config.forfeitRate)) results = random() < 0.5 ? ['+', '-'] : ['-', '+'];
      else {
        const expected = 1 / (1 + 10 ** ((ratings[b]! - ratings[w]!) / 400));
        const x = random();
        const draw = config.drawPercentage / 100;
        results = x < draw ? ['=', '='] : x < draw + (1 - draw) * expected ? ['1', '0'] : ['0', '1'];
      }
      rounds[w]!.push({ opponent: b + 1, colour: 'w', result: results[0] });
      rounds[b]!.push({ opponent: w + 1, colour: 'b', result: results[1] });
    }
    if (pairing.value.bye !== null) rounds[pairing.value.bye - 1]!.push({ opponent: null, colour: null, result: 'U' });
  }
  const points = (entries: readonly (RoundEntry | null)[]) =>
    entries.reduce((sum, e) => sum + (e === null ? 0 : '1+FUW'.includes(e.result) ? 1 : '=HD'.includes(e.result) ? 0.5 : 0), 0);
  return ok({
    ...NO_TRF_RECORDS,
    headers: [{ code: '012', value: `Random tournament ${seed}` }],
    system: 'FIDE_DUTCH',
    pairingController: 'Chess Learning App random tournament generator',
    players: players().map((p) => ({ ...p, points: points(p.rounds) })),
    totalRounds: config.rounds,
    initialColour: 'w',
    forbiddenPairs: [],
    prohibitedPairs: [],
    byes: [],
    acceleration: 'none',
  });
}
