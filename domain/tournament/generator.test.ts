import { describe, expect, it } from 'vitest';
import { parsePairArgs, runGenerate, runPair } from './cli';
import { generatorConfig } from './generator';
import { parseTrf } from './trf';

describe('npm run pair -- --dutch -g (random tournament generator, FIDE C.02)', () => {
  it('reads bbpPairings\' command line', () => {
    expect(parsePairArgs(['--dutch', '-g', 'cfg.txt', '-o', 'out.trf', '-s', '7'])).toEqual({ ok: true, value: { mode: 'generate', input: null, output: 'out.trf', config: 'cfg.txt', seed: 7 } });
    expect(parsePairArgs(['--dutch', '-g', '-o', 'out.trf', '-s', '7'])).toMatchObject({ ok: true, value: { config: null, seed: 7 } });
    expect(parsePairArgs(['--dutch', '-g', 'cfg.txt']).ok).toBe(false);
    expect(parsePairArgs(['--dutch', '-g', '-o', 'x', '-s', 'seven']).ok).toBe(false);
  });

  it('takes bbpPairings\' configuration keys and refuses others with the line', () => {
    expect(generatorConfig('PlayersNumber=20\nRoundsNumber=5\nDrawPercentage=30\nForfeitRate=0\n', 1)).toMatchObject({ ok: true, value: { players: 20, rounds: 5, drawPercentage: 30, forfeitRate: 0 } });
    const bad = generatorConfig('PlayersNumber=20\nColours=5', 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('Line 2');
    expect(generatorConfig('PlayersNumber=5\nRoundsNumber=9', 1).ok).toBe(false);
  });

  it.each([1, 2, 3])('seed %i: the same file each time, readable, and every round as our checker pairs it', (seed) => {
    const args = { mode: 'generate', input: null, output: 'x', config: null, seed } as const;
    const config = 'PlayersNumber=24\nRoundsNumber=6\nHalfPointByeRate=20\nRetiredRate=15\nForfeitRate=10';
    const made = runGenerate(args, config);
    expect(made.exitCode).toBe(0);
    expect(runGenerate(args, config).output).toBe(made.output);
    const parsed = parseTrf(made.output);
    expect(parsed.ok && parsed.value.players).toHaveLength(24);
    const checked = runPair({ mode: 'check', input: null, output: null }, made.output, 'gen.trf');
    expect(checked.output).toContain('gen.trf: 6 of 6 rounds paired as we pair them.');
  });
});
