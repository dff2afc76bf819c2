import { describe, expect, it } from 'vitest';
import { BOARD_BYE_KINDS, TOURNAMENT_RESULTS, type BoardByeKind, type TournamentResult } from '../../schema/tournament-values';
import { byePoints, DEFAULT_BYE_SCORES, isForfeit, outcomePoints, playerRecords, resultPoints } from './results';
import { players, round } from './test-tournaments';

describe('resultPoints', () => {
  // Spec section 9: win 1, draw ½, loss 0; a forfeit scores like the win and the loss; a double forfeit scores nothing.
  it.each<[TournamentResult, number, number]>([
    ['1-0', 1, 0],
    ['0-1', 0, 1],
    ['1/2-1/2', 0.5, 0.5],
    ['+-', 1, 0],
    ['-+', 0, 1],
    ['--', 0, 0],
  ])('%s scores %d for White and %d for Black', (result, white, black) => {
    expect(resultPoints(result)).toEqual({ white, black });
  });

  it('gives both players together at most one point, and exactly one for every result but the double forfeit', () => {
    for (const result of TOURNAMENT_RESULTS) {
      const { white, black } = resultPoints(result);
      expect(white + black).toBe(result === '--' ? 0 : 1);
    }
  });
});

describe('isForfeit', () => {
  it.each<[TournamentResult, boolean]>([
    ['1-0', false],
    ['0-1', false],
    ['1/2-1/2', false],
    ['+-', true],
    ['-+', true],
    ['--', true],
  ])('%s: %s', (result, forfeit) => {
    expect(isForfeit(result)).toBe(forfeit);
  });
});

describe('byePoints', () => {
  it.each<[BoardByeKind, number]>([
    ['pairing', 1],
    ['full', 1],
    ['half', 0.5],
    ['zero', 0],
  ])('a %s bye scores %d by default', (kind, points) => {
    expect(byePoints(kind)).toBe(points);
  });

  it('follows the bye scores it is given (a round robin scores nothing against the bye number)', () => {
    const scores = { ...DEFAULT_BYE_SCORES, pairing: 0 };
    expect(byePoints('pairing', scores)).toBe(0);
    expect(byePoints('full', scores)).toBe(1);
    expect(BOARD_BYE_KINDS.map((kind) => byePoints(kind, scores))).toEqual([0, 1, 0.5, 0]);
  });
});

describe('the same points in the round records', () => {
  it('scores a double forfeit as a forfeit loss for both, and each bye kind as byePoints says', () => {
    const tournament = {
      players: players({ A: 1500, B: 1500, C: 1500, D: 1500, E: 1500, F: 1500 }),
      rounds: [round(1, 'A-B --', 'C bye:pairing', 'D bye:full', 'E bye:half', 'F bye:zero')],
    };
    const records = playerRecords(tournament);
    const first = (id: string) => records.get(id)?.[0];
    expect(first('A')).toMatchObject({ outcome: 'forfeit_loss', points: 0, opponent: 'B' });
    expect(first('B')).toMatchObject({ outcome: 'forfeit_loss', points: 0, opponent: 'A' });
    expect(first('C')).toMatchObject({ outcome: 'pairing_bye', points: byePoints('pairing') });
    expect(first('D')).toMatchObject({ outcome: 'full_bye', points: byePoints('full') });
    expect(first('E')).toMatchObject({ outcome: 'half_bye', points: byePoints('half') });
    expect(first('F')).toMatchObject({ outcome: 'zero_bye', points: byePoints('zero') });
    expect(outcomePoints('absent')).toBe(0);
  });
});
