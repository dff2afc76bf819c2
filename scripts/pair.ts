/**
 * npm run pair -- --dutch input.trf -p output.txt   (or -c to check a finished tournament,
 * or --dutch -g [config] -o out.trf [-s seed] to generate a random one)
 * The bbpPairings command line; the logic is domain/tournament/cli.ts, this file only reads and
 * writes files. Exit codes: 0 ok, 1 no valid pairing, 3 invalid input, 5 file error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXIT_FILE_ERROR, EXIT_INVALID_REQUEST, parsePairArgs, runGenerate, runPair } from '../domain/tournament/cli';

function main(argv: readonly string[]): number {
  const args = parsePairArgs(argv);
  if (!args.ok) {
    process.stderr.write(`${args.error}\n`);
    return EXIT_INVALID_REQUEST;
  }
  if (args.value.mode === 'generate') {
    let configText: string | null = null;
    try {
      if (args.value.config) configText = readFileSync(args.value.config, 'utf8');
    } catch (e) {
      process.stderr.write(`Error reading file ${args.value.config}: ${(e as Error).message}\n`);
      return EXIT_FILE_ERROR;
    }
    const made = runGenerate(args.value, configText);
    if (made.errors) process.stderr.write(made.errors);
    if (made.exitCode !== 0) return made.exitCode;
    try {
      writeFileSync(args.value.output!, made.output);
    } catch (e) {
      process.stderr.write(`The output file (${args.value.output}) could not be opened: ${(e as Error).message}\n`);
      return EXIT_FILE_ERROR;
    }
    return 0;
  }
  const { input } = args.value;
  let text: string;
  try {
    // TRF files are ASCII with names in Latin-1 or UTF-8; latin1 never fails to decode.
    text = readFileSync(input ?? 0, 'latin1');
  } catch (e) {
    process.stderr.write(`Error reading file ${input ?? '(stdin)'}: ${(e as Error).message}\n`);
    return EXIT_FILE_ERROR;
  }
  const result = runPair(args.value, text);
  if (result.errors) process.stderr.write(result.errors);
  if (result.exitCode !== 0) return result.exitCode;
  let output = args.value.output;
  if (output === null) {
    process.stdout.write(result.output);
    return 0;
  }
  // As bbpPairings: a bare output file name goes next to the input file.
  if (input !== null && dirname(output) === '.' && !output.startsWith('./')) output = join(dirname(input), output);
  try {
    writeFileSync(output, result.output);
  } catch (e) {
    process.stderr.write(`The output file (${output}) could not be opened: ${(e as Error).message}\n`);
    return EXIT_FILE_ERROR;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
