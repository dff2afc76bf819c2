/**
 * Time to pair round 6 of random Swiss tournaments of 100, 300 and 1,000 players with our Dutch
 * engine (npx tsx bench/pairing.ts [sizes...]), after a warm-up pairing. Rounds 1 to 5 are made by a quick greedy pairer
 * (score order, no rematches, colours alternating) with seeded random results, so that only the
 * engine's round 6 is timed. With `--bbp PATH` (a bbpPairings executable built outside the
 * repository) the same round is also paired by bbpPairings (timed by bash's `time`, for its CPU
 * time in milliseconds) and the two pairings are compared.
 *   npx tsx bench/pairing.ts [--bbp /path/to/bbpPairings.exe] [sizes...]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatPairing } from '../domain/tournament/cli';
import { pairDutchRound } from '../domain/tournament/dutch/pair';
import { makeTrf } from '../domain/tournament/trf';
import type { Player, RoundEntry, Tournament } from '../domain/tournament/model';
import { seededRandom } from '../domain/strength';


const points = (e: RoundEntry | null | undefined) => (!e ? 0 : '1+U'.includes(e.result) ? 1 : e.result === '=' ? 0.5 : 0);

/** A tournament of n players after `played` rounds, paired greedily, results drawn by rating. */
export function randomTournament(n: number, played: number, totalRounds: number, seed: number): Tournament {
  const random = seededRandom(seed);
  const ratings = Array.from({ length: n }, () => 1000 + Math.floor(random() * 1500)).sort((a, b) => b - a);
  const rounds: RoundEntry[][] = Array.from({ length: n }, () => []);
  const met = Array.from({ length: n }, () => new Set<number>());
  const hadBye = new Set<number>();
  const whites = new Array<number>(n).fill(0);
  for (let r = 0; r < played; r++) {
    const score = (i: number) => rounds[i]!.reduce((s, e) => s + points(e), 0);
    const order = [...Array(n).keys()].sort((a, b) => score(b) - score(a) || a - b);
    if (n % 2 === 1) {
      const byeAt = order.map((p, i) => [p, i] as const).reverse().find(([p]) => !hadBye.has(p))![1];
      const [p] = order.splice(byeAt, 1) as [number];
      hadBye.add(p);
      rounds[p]![r] = { opponent: null, colour: null, result: 'U' };
    }
    while (order.length > 0) {
      const a = order.shift()!;
      let j = order.findIndex((b) => !met[a]!.has(b));
      if (j === -1) j = 0;
      const [b] = order.splice(j, 1) as [number];
      met[a]!.add(b);
      met[b]!.add(a);
      const [white, black] = whites[a]! <= whites[b]! ? [a, b] : [b, a];
      whites[white]!++;
      const expected = 1 / (1 + 10 ** ((ratings[black]! - ratings[white]!) / 400));
      const x = random();
      const [rw, rb]: [RoundEntry['result'], RoundEntry['result']] = x < expected * 0.8 ? ['1', '0'] : x < expected * 0.8 + 0.2 ? ['=', '='] : ['0', '1'];
      rounds[white]![r] = { opponent: black + 1, colour: 'w', result: rw };
      rounds[black]![r] = { opponent: white + 1, colour: 'b', result: rb };
    }
  }
  const players: Player[] = rounds.map((r, i) => ({
    startRank: i + 1,
    name: `Player ${i + 1}`,
    rating: ratings[i]!,
    sex: '',
    title: '',
    federation: '',
    fideId: '',
    birthDate: '',
    points: r.reduce((s, e) => s + points(e), 0),
    rank: 0,
    rounds: r,
  }));
  return { players, totalRounds, initialColour: 'w', forbiddenPairs: [], prohibitedPairs: [], byes: [], acceleration: 'none' };
}

/** bbpPairings on the same tournament: its pairing file and its CPU seconds, or null when it fails. */
function runBbp(bbp: string, t: Tournament): { output: string; seconds: number; wall: number } | null {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pairing-'));
  try {
    const input = join(dir, 'in.trf');
    const output = join(dir, 'out.txt');
    const times = join(dir, 'time.txt');
    writeFileSync(input, makeTrf(t));
    const start = performance.now();
    // bash's time keyword reports CPU time in milliseconds (GNU time only in hundredths, too
    // coarse for the 100-player pairing).
    const script = 'TIMEFORMAT="%3U %3S"; { time "$@" > /dev/null 2>&1; } 2> "$TIMES"';
    const run = spawnSync('bash', ['-c', script, 'bash', bbp, '--dutch', input, '-p', output], { env: { ...process.env, TIMES: times } });
    const wall = (performance.now() - start) / 1000;
    if (run.status !== 0) return null;
    const [user, system] = readFileSync(times, 'utf8').trim().split(/\s+/).map(Number);
    return { output: readFileSync(output, 'utf8'), seconds: (user ?? 0) + (system ?? 0), wall };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Wall-clock and CPU seconds: the machine is shared, and CPU time is what the engine costs. */
function main(): void {
  const args = process.argv.slice(2);
  const bbpAt = args.indexOf('--bbp');
  const bbp = bbpAt >= 0 ? args.splice(bbpAt, 2)[1] : undefined;
  // Warm up the JIT first (ten events of 100 players, other seeds): bbpPairings is compiled
  // ahead of time, and a cold first pairing costs about fifteen times a warm one; after three
  // the 100-player pairing still took twice its steady time.
  for (let seed = 1; seed <= 10; seed++) pairDutchRound(randomTournament(100, 5, 9, seed));
  const sizes = args.map(Number).filter((x) => x > 0);
  for (const n of sizes.length > 0 ? sizes : [100, 300, 1000]) {
    const t = randomTournament(n, 5, 9, 2026 + n);
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = pairDutchRound(t);
    const seconds = (performance.now() - start) / 1000;
    const used = process.cpuUsage(cpu);
    const ours = (used.user + used.system) / 1e6;
    const summary = result.ok ? `${result.value.pairs.length} boards${result.value.bye === null ? '' : ', 1 bye'}` : result.error.code;
    let line = `${String(n).padStart(5)} players, round 6: ${seconds.toFixed(3)} s wall, ${ours.toFixed(3)} s CPU (${summary})`;
    if (bbp) {
      const theirs = runBbp(bbp, t);
      if (theirs === null) line += '; bbpPairings failed';
      else {
        const same = result.ok && formatPairing(result.value) === theirs.output.replace(/\r/g, '');
        line += `; bbpPairings ${theirs.wall.toFixed(3)} s wall, ${theirs.seconds.toFixed(3)} s CPU; ours/theirs (CPU) ${(ours / Math.max(theirs.seconds, 0.001)).toFixed(2)}; pairings ${same ? 'identical' : 'DIFFERENT'}`;
      }
    }
    console.log(line);
  }
}

if (process.argv[1]?.endsWith('pairing.ts')) main();
