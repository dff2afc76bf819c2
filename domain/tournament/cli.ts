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
import { parseTrf, type Trf } from './trf';
import { roundCases } from './vectors';

export const EXIT_OK = 0;
export const EXIT_NO_VALID_PAIRING = 1;
export const EXIT_INVALID_REQUEST = 3;
export const EXIT_FILE_ERROR = 5;

export const USAGE = [
  'Usage:',
  '  npm run pair -- --dutch [input-file] -p [output-file]',
  '  npm run pair -- --dutch [input-file] -c',
  'Without input-file the tournament is read from standard input; without output-file the pairing goes to standard output.',
].join('\n');

export interface PairArgs {
  readonly mode: 'pair' | 'check';
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
  if (args.mode === 'check') return check(trf, inputName);
  const result = pairDutchRound(trf);
  if (!result.ok) {
    const code = result.error.code === 'ERR_NO_VALID_PAIRING' ? EXIT_NO_VALID_PAIRING : EXIT_INVALID_REQUEST;
    const prefix = code === EXIT_NO_VALID_PAIRING ? 'No valid pairing exists: ' : '';
    return { exitCode: code, output: '', errors: `Error while pairing ${inputName}: ${prefix}${result.error.message}\n` };
  }
  return { exitCode: EXIT_OK, output: formatPairing(result.value), errors: '' };
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
