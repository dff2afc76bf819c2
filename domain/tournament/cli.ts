/**
 * The pairing command line, with bbpPairings' arguments, output and exit codes, as pure
 * functions: `parsePairArgs` says which files to read and write, `runPair` turns the input
 * file's text into the output text. scripts/pair.ts does the file and process work.
 *
 *   pair --dutch [input-file] -p [output-file]   pair the next round
 *   pair --dutch [input-file] -c                 re-pair every round and list the differences
 */
import { err, ok, type Result } from '../result-type';
import type { RoundPairing } from './model';
import { pairDutchRound } from './dutch/pair';
import { makeTrf, parseTrf, type Trf } from './trf';
import { generateTournament, generatorConfig } from './generator';
import { roundCases } from './vectors';

export const EXIT_OK = 0;
export const EXIT_NO_VALID_PAIRING = 1;
export const EXIT_INVALID_REQUEST = 3;
export const EXIT_FILE_ERROR = 5;

export const USAGE = [
  'Usage:',
  '  npm run pair -- --dutch [input-file] -p [output-file]',
  '  npm run pair -- --dutch [input-file] -c',
  '  npm run pair -- --dutch -g [config-file] -o output-file [-s seed]',
  'Without input-file the tournament is read from standard input; without output-file the pairing goes to standard output.',
].join('\n');

export interface PairArgs {
  readonly mode: 'pair' | 'check' | 'generate';
  /** -g: the configuration file (null: random settings). */
  readonly config?: string | null;
  /** -s: the random seed. */
  readonly seed?: number;
  /** null: read standard input. */
  readonly input: string | null;
  /** null: write to standard output. */
  readonly output: string | null;
}

export interface CliResult {
  readonly exitCode: number;
  /** The pairing file's text (to the output file, or standard output). */
  readonly output: string;
  /** Messages for standard error. */
  readonly errors: string;
}

export function parsePairArgs(args: readonly string[]): Result<PairArgs, string> {
  const [system, ...rest] = args;
  if (system !== '--dutch') return err(`The first argument must be --dutch (the only system supported).\n${USAGE}`);
  if (rest[0] === '-g') return parseGenerateArgs(rest.slice(1));
  let input: string | null = null;
  const first = rest[0];
  if (first !== undefined && first !== '-p' && first !== '-c') input = rest.shift()!;
  const flag = rest.shift();
  if (flag === '-c') {
    if (rest.length > 0) return err(`Unexpected argument "${rest[0]}".\n${USAGE}`);
    return ok({ mode: 'check', input, output: null });
  }
  if (flag !== '-p') return err(`Expected -p or -c.\n${USAGE}`);
  const output = rest.shift() ?? null;
  if (rest.length > 0) return err(`Unexpected argument "${rest[0]}".\n${USAGE}`);
  return ok({ mode: 'pair', input, output });
}

/** `-g [config-file] -o output-file [-s seed]` (bbpPairings' generator command line). */
function parseGenerateArgs(rest: string[]): Result<PairArgs, string> {
  let config: string | null = null;
  if (rest[0] !== undefined && rest[0] !== '-o') config = rest.shift()!;
  if (rest.shift() !== '-o' || rest[0] === undefined) return err(`-g needs -o and an output file.\n${USAGE}`);
  const output = rest.shift()!;
  let seed = Date.now() % 2 ** 31;
  if (rest[0] === '-s') {
    rest.shift();
    const text = rest.shift() ?? '';
    if (!/^\d{1,15}$/.test(text)) return err(`The seed must be a whole number, not "${text}".\n${USAGE}`);
    seed = Number(text) % 2 ** 32;
  }
  if (rest.length > 0) return err(`Unexpected argument "${rest[0]}".\n${USAGE}`);
  return ok({ mode: 'generate', input: null, output, config, seed });
}

/** The generated tournament's TRF (configText: the config file's text, or null). */
export function runGenerate(args: PairArgs, configText: string | null): CliResult {
  const seed = args.seed ?? 0;
  const config = generatorConfig(configText, seed);
  if (!config.ok) return { exitCode: EXIT_INVALID_REQUEST, output: '', errors: `Error in the configuration: ${config.error}\n` };
  const made = generateTournament(config.value, seed);
  if (!made.ok) return { exitCode: EXIT_NO_VALID_PAIRING, output: '', errors: `${made.error}\n` };
  return { exitCode: EXIT_OK, output: makeTrf(made.value), errors: '' };
}

/** bbpPairings' pairing file: the number of lines, then "white black" per board, a bye as "N 0". */
export function formatPairing(pairing: RoundPairing): string {
  const lines = pairing.pairs.map((p) => `${p.white} ${p.black}`);
  if (pairing.bye !== null) lines.push(`${pairing.bye} 0`);
  return `${lines.length}\n${lines.map((l) => `${l}\n`).join('')}`;
}

export function runPair(args: PairArgs, inputText: string, inputName = args.input ?? '(stdin)'): CliResult {
  const parsed = parseTrf(inputText);
  if (!parsed.ok) return { exitCode: EXIT_INVALID_REQUEST, output: '', errors: `Error parsing file ${inputName}: ${parsed.error.message}\n` };
  const trf = parsed.value;
  const unsupported = unsupportedForPairing(trf);
  if (unsupported !== null) return { exitCode: EXIT_INVALID_REQUEST, output: '', errors: `Error parsing file ${inputName}: ${unsupported}\n` };
  if (args.mode === 'check') return check(trf, inputName);
  const result = pairDutchRound(trf);
  if (!result.ok) {
    const code = result.error.code === 'ERR_NO_VALID_PAIRING' ? EXIT_NO_VALID_PAIRING : EXIT_INVALID_REQUEST;
    const prefix = code === EXIT_NO_VALID_PAIRING ? 'No valid pairing exists: ' : '';
    return { exitCode: code, output: '', errors: `Error while pairing ${inputName}: ${prefix}${result.error.message}\n` };
  }
  return { exitCode: EXIT_OK, output: formatPairing(result.value), errors: '' };
}

/**
 * What the engine cannot pair as written: abnormal points (299, which bbpPairings 6 refuses too)
 * and a point system other than 1 - ½ - 0 (162).
 */
export function unsupportedForPairing(trf: Trf): string | null {
  if (trf.abnormalPoints.length > 0) return 'abnormal assignment points (299 records) are not supported for pairing.';
  const defaults: Record<string, number> = { W: 1, D: 0.5, L: 0, A: 0, P: 1, X: 0.5 };
  const odd = trf.pointSystem.find((p) => defaults[p.symbol] !== p.points);
  if (odd) return `only the 1 - 0.5 - 0 point system is supported for pairing; record 162 gives ${odd.symbol} ${odd.points.toFixed(1)}.`;
  return null;
}

function check(trf: Trf, inputName: string): CliResult {
  const recorded = Math.max(0, ...trf.players.map((p) => p.rounds.length));
  const totalRounds = trf.totalRounds ?? recorded;
  const key = (pairs: readonly { white: number; black: number }[]) =>
    pairs
      .map((p) => `${p.white}-${p.black}`)
      .sort()
      .join(' ');
  const lines: string[] = [];
  let differing = 0;
  for (const c of roundCases(trf, totalRounds).slice(0, recorded)) {
    const ours = pairDutchRound(c.tournament);
    if (!ours.ok) {
      differing++;
      lines.push(`Round ${c.round}: ${ours.error.message}`);
      continue;
    }
    if (key(ours.value.pairs) === key(c.expectedPairs) && ours.value.bye === c.expectedBye) continue;
    differing++;
    const show = (pairs: readonly { white: number; black: number }[], bye: number | null) =>
      pairs.map((p) => `${p.white}-${p.black}`).join(', ') + (bye === null ? '' : `, bye ${bye}`);
    lines.push(`Round ${c.round} differs.`);
    lines.push(`  file: ${show(c.expectedPairs, c.expectedBye)}`);
    lines.push(`  ours: ${show(ours.value.pairs, ours.value.bye)}`);
  }
  lines.push(`${inputName}: ${recorded - differing} of ${recorded} rounds paired as we pair them.`);
  return { exitCode: EXIT_OK, output: lines.join('\n') + '\n', errors: '' };
}
