/**
 * npm run standings -- [--rules 2026|2024] [--rounds N] FILE.trf
 * The standings of a TRF file as a tab-separated table; the logic is
 * domain/tournament/swiss-standings.ts, this file only reads the file and writes the output.
 * Exit codes: 0 ok, 3 invalid input or arguments, 5 file error.
 */
import { readFileSync } from 'node:fs';
import { EXIT_FILE_ERROR, EXIT_INVALID_REQUEST } from '../domain/tournament/cli';
import { parseStandingsArgs, runStandings } from '../domain/tournament/swiss-standings';

function main(argv: readonly string[]): number {
  const args = parseStandingsArgs(argv);
  if (!args.ok) {
    process.stderr.write(`${args.error}\n`);
    return EXIT_INVALID_REQUEST;
  }
  let text: string;
  try {
    // TRF files are ASCII with names in Latin-1 or UTF-8; latin1 never fails to decode.
    text = readFileSync(args.value.input ?? 0, 'latin1');
  } catch (e) {
    process.stderr.write(`Error reading file ${args.value.input ?? '(stdin)'}: ${(e as Error).message}\n`);
    return EXIT_FILE_ERROR;
  }
  const result = runStandings(args.value, text);
  if (result.errors) process.stderr.write(result.errors);
  process.stdout.write(result.output);
  return result.exitCode;
}

process.exitCode = main(process.argv.slice(2));
