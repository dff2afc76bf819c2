import { describe, expect, it } from 'vitest';
import { replayGame, START_FEN } from '../chess';
import type { MoveCategory, MoveClassification } from '../../schema';
import { bandCategory, classifyMove, sacrificedMaterial } from './classify';
import { applyMove } from './motifs';
import { scriptedEngine, type ScriptedLine } from './scripted-engine';

const after = (fen: string, move: string) => applyMove(fen, move)!.chess.fen();
const cp = (pv: string[], value: number): ScriptedLine => ({ pv, cp: value });
const mate = (pv: string[], value: number): ScriptedLine => ({ pv, mate: value });

// The start position, with engine scores chosen so that each move lands in one band. Win% drops
// from the best (0 cp, 50%): -5 cp 0.46, -20 cp 1.84, -38 cp 3.5, -77 cp 7.0, -168 cp 15, -376 cp 30.
const START_LINES = [cp(['e2e4', 'e7e5'], 0), cp(['d2d4'], -5), cp(['g1f3'], -20), cp(['c2c4'], -38)];
const startScript = {
  [START_FEN]: START_LINES,
  // Moves outside the four lines: the engine's view of the position after them (Black to move).
  [after(START_FEN, 'a3')]: [cp(['e7e5'], 77)],
  [after(START_FEN, 'f3')]: [cp(['e7e5'], 168)],
  [after(START_FEN, 'g4')]: [cp(['d7d5'], 376)],
};

describe('bandCategory', () => {
  const rows: [number, MoveCategory][] = [
    [0, 'best'],
    [0.99, 'best'],
    [1, 'excellent'],
    [2.49, 'excellent'],
    [2.5, 'good'],
    [4.99, 'good'],
    [5, 'inaccuracy'],
    [9.99, 'inaccuracy'],
    [10, 'mistake'],
    [19.99, 'mistake'],
    [20, 'blunder'],
    [80, 'blunder'],
  ];
  it.each(rows)('a drop of %s Win%% is %s', (drop, category) => expect(bandCategory(drop)).toBe(category));
});

describe('classifyMove by bands (scripted engine)', () => {
  const rows: [string, string, MoveCategory, number][] = [
    // move, category, engine calls (1 when the move is one of the MultiPV lines)
    ['e4: the engine\'s first choice', 'e4', 'best', 1],
    ['d4: 0.46 Win% below the best', 'd2d4', 'best', 1],
    ['Nf3: 1.84 below', 'Nf3', 'excellent', 1],
    ['c4: 3.5 below', 'c4', 'good', 1],
    ['a3: 7 below', 'a3', 'inaccuracy', 2],
    ['f3: 15 below', 'f3', 'mistake', 2],
    ['g4: 30 below', 'g4', 'blunder', 2],
  ];
  it.each(rows)('%s', async (_name, move, category, calls) => {
    const engine = scriptedEngine(startScript);
    const result = await classifyMove(engine, { fenBefore: START_FEN, move, depth: 12 });
    expect(result.category).toBe(category);
    expect(engine.calls).toHaveLength(calls);
    expect(engine.calls[0]).toMatchObject({ depth: 12, multiPv: 4 });
  });

  it('gives accuracy, centipawn loss, alternatives, phase and the best move', async () => {
    const result = await classifyMove(scriptedEngine(startScript), { fenBefore: START_FEN, move: 'g4', depth: 12 });
    expect(result.centipawnLoss).toBe(376);
    expect(result.accuracy).toBeCloseTo(25.8, 0); // lichess's curve at a 30-point drop, +1
    expect(result.winPercentBefore).toBe(50);
    expect(result.winPercentAfter).toBeCloseTo(20, 0);
    expect(result.bestMove).toBe('e4');
    expect(result.gamePhase).toBe('opening');
    expect(result.isBookMove).toBe(false);
    expect(result.isOnlyMove).toBe(false);
    expect(result.alternativeMoves.map((a) => a.move)).toEqual(['e4', 'd4', 'Nf3']);
    expect(result.alternativeMoves[1]).toEqual({ move: 'd4', uci: 'd2d4', evaluation: -5, mate: null });
    expect(result.explanation).toMatch(/^Blunder! /);
    expect(result.explanation).toContain('e4 was better.');
  });

  it('leaves the played move out of the alternatives, 100% accuracy for the best', async () => {
    const result = await classifyMove(scriptedEngine(startScript), { fenBefore: START_FEN, move: 'e2e4', depth: 15 });
    expect(result).toMatchObject({ category: 'best', accuracy: 100, centipawnLoss: 0, bestMove: null });
    expect(result.alternativeMoves.map((a) => a.uci)).toEqual(['d2d4', 'g1f3', 'c2c4']);
  });

  it('calls a move book when the opening table knows the position after it', async () => {
    const bookFen = after(START_FEN, 'g4');
    const result = await classifyMove(scriptedEngine(startScript), {
      fenBefore: START_FEN,
      move: 'g4',
      depth: 12,
      isBook: (fen) => fen === bookFen,
    });
    expect(result).toMatchObject({ category: 'book', isBookMove: true });
  });

  it('rejects an illegal move and a bad FEN with the spec\'s messages', async () => {
    const engine = scriptedEngine(startScript);
    await expect(classifyMove(engine, { fenBefore: START_FEN, move: 'e5', depth: 12 })).rejects.toThrow(/^Invalid move: /);
    await expect(classifyMove(engine, { fenBefore: 'nonsense', move: 'e4', depth: 12 })).rejects.toThrow(/^Invalid FEN: /);
    expect(engine.calls).toHaveLength(0);
  });
});

// Rook endgame: White (Kg1, Rd1) against Black (Kg8, Re8, pawns f7 g7 h7). Black to move.
describe('great, brilliant and miss (scripted engine)', () => {
  // Black must stop Rd8: only Kf8 holds (scores scripted for Black, the side to move).
  const DEFEND = '4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1';
  it('great: the only move that holds, when the second line loses', async () => {
    const engine = scriptedEngine({ [DEFEND]: [cp(['g8f8'], 0), cp(['h7h6'], -400), cp(['e8e2'], -600)] });
    const result = await classifyMove(engine, { fenBefore: DEFEND, move: 'Kf8', depth: 12 });
    expect(result).toMatchObject({ category: 'great', isOnlyMove: true });
    expect(result.explanation).toMatch(/^Great move! Kf8 was the only good move here\./);
  });

  it('not great when the position is already won whatever is played', async () => {
    const engine = scriptedEngine({ [DEFEND]: [cp(['g8f8'], 1000), cp(['h7h6'], 400)] });
    const result = await classifyMove(engine, { fenBefore: DEFEND, move: 'Kf8', depth: 12 });
    expect(result).toMatchObject({ category: 'best', isOnlyMove: true });
  });

  // The classic bishop sacrifice on h7 (French Defence structure): Bxh7+ Kxh7 Ng5+ Kg8 Qh5.
  const GREEK_GIFT = 'r1bq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQ - 0 8';
  const SAC_LINE = ['d3h7', 'g8h7', 'f3g5', 'h7g8', 'd1h5'];
  it('brilliant: the best move gives up a bishop and the engine likes it', async () => {
    const engine = scriptedEngine({ [GREEK_GIFT]: [cp(SAC_LINE, 250), cp(['e1g1'], 40), cp(['a2a3'], 20)] });
    const result = await classifyMove(engine, { fenBefore: GREEK_GIFT, move: 'Bxh7+', depth: 12 });
    expect(result.category).toBe('brilliant');
    expect(result.explanation).toContain('gives up material on purpose');
    expect(sacrificedMaterial(GREEK_GIFT, 'd3h7', SAC_LINE.slice(1))).toBe(3);
  });

  it('the same sacrifice is a blunder when the engine refutes it', async () => {
    const engine = scriptedEngine({ [GREEK_GIFT]: [cp(['e1g1'], 40), cp(SAC_LINE, -250), cp(['a2a3'], 20)] });
    const result = await classifyMove(engine, { fenBefore: GREEK_GIFT, move: 'Bxh7+', depth: 12 });
    expect(result.category).toBe('blunder');
  });

  it('not brilliant when already winning, unless the sacrifice forces mate', async () => {
    const won = scriptedEngine({ [GREEK_GIFT]: [cp(SAC_LINE, 1000), cp(['e1g1'], 40), cp(['a2a3'], 20)] });
    expect((await classifyMove(won, { fenBefore: GREEK_GIFT, move: 'Bxh7+', depth: 12 })).category).toBe('great');
    const mates = scriptedEngine({ [GREEK_GIFT]: [mate(SAC_LINE, 5), cp(['e1g1'], 700), cp(['a2a3'], 20)] });
    expect((await classifyMove(mates, { fenBefore: GREEK_GIFT, move: 'Bxh7+', depth: 12 })).category).toBe('brilliant');
  });

  it('a fair trade is no sacrifice', () => {
    // Nxd5 exd5 Bxd5? no: Bxb4? Black's bishop b4 takes the c3 knight and White takes back: 3 for 3.
    const fen = 'r1bq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R b KQ - 0 8';
    expect(sacrificedMaterial(fen, 'b4c3', ['b2c3'])).toBe(0);
  });

  const previousBlunder: MoveClassification = {
    category: 'blunder',
    accuracy: 20,
    centipawnLoss: 500,
    explanation: '',
    gamePhase: 'middlegame',
    isBookMove: false,
    isOnlyMove: false,
    alternativeMoves: [],
    positionComplexity: 30,
    bestMove: null,
    winPercentBefore: 50,
    winPercentAfter: 20,
  };
  // White to move after Black's blunder left the knight on d5 hanging: Qxd5 wins it.
  const PUNISH = '4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1';
  const punishScript = {
    [PUNISH]: [cp(['d1d5'], 600), cp(['d1e2'], 0)],
    [after(PUNISH, 'Kf2')]: [cp(['d5f6'], -100)],
  };
  it('miss: the opponent blundered and the move gives most of it back', async () => {
    const result = await classifyMove(scriptedEngine(punishScript), {
      fenBefore: PUNISH,
      move: 'Kf2',
      depth: 12,
      previous: previousBlunder,
    });
    expect(result.category).toBe('miss');
    expect(result.explanation).toContain("Black's last move was a mistake, and this move lets the chance go.");
    expect(result.explanation).toContain('Qxd5 would have won a free knight.');
  });

  it('the same move without the opponent\'s blunder is judged by its band', async () => {
    const result = await classifyMove(scriptedEngine(punishScript), { fenBefore: PUNISH, move: 'Kf2', depth: 12 });
    expect(result.category).toBe('blunder');
  });

  it('miss: a forced mate let go while still winning', async () => {
    const MATE = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
    const engine = scriptedEngine({
      [MATE]: [mate(['d1d8'], 1), cp(['g1f1'], 900)],
      [after(MATE, 'h3')]: [cp(['g8f8'], -900)],
    });
    const result = await classifyMove(engine, { fenBefore: MATE, move: 'h3', depth: 12 });
    expect(result.category).toBe('miss');
    expect(result.explanation).toContain('You had checkmate in one: Rd8#.');
  });
});

describe('explanations from the board (scripted engine)', () => {
  it('a queen left en prise: the reply that takes it is named', async () => {
    const fen = '4k3/8/8/5p2/8/8/8/3QK3 w - - 0 1';
    const engine = scriptedEngine({
      [fen]: [cp(['d1e2'], 0), cp(['d1a4'], -10)],
      [after(fen, 'Qg4')]: [cp(['f5g4'], 900)],
    });
    const result = await classifyMove(engine, { fenBefore: fen, move: 'Qg4', depth: 12 });
    expect(result.category).toBe('blunder');
    expect(result.explanation).toContain("Black's reply fxg4 wins a free queen.");
  });

  it('a missed fork: says what the better move would have done', async () => {
    const fen = 'r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1';
    const engine = scriptedEngine({
      [fen]: [cp(['d5c7', 'e8d7', 'c7a8'], 500), cp(['g1f2'], 0)],
      [after(fen, 'Kf2')]: [cp(['a8a2'], 0)],
    });
    const result = await classifyMove(engine, { fenBefore: fen, move: 'Kf2', depth: 12 });
    expect(result.category).toBe('blunder');
    expect(result.explanation).toContain('Nc7+ would have forked the king and rook with the knight.');
  });

  it('a move that allows a back-rank mate says so', async () => {
    const fen = '6k1/5ppp/4n3/8/8/8/5PPP/3R2K1 b - - 0 1';
    const engine = scriptedEngine({
      [fen]: [cp(['g8f8'], 0), cp(['h7h6'], -10)],
      [after(fen, 'Nc5')]: [mate(['d1d8'], 1)],
    });
    const result = await classifyMove(engine, { fenBefore: fen, move: 'Nc5', depth: 12 });
    expect(result.category).toBe('blunder');
    expect(result.explanation).toContain('White can checkmate with Rd8# on the back rank.');
  });

  it('a mating move is best and says checkmate', async () => {
    const fen = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
    const engine = scriptedEngine({ [fen]: [mate(['d1d8'], 1), cp(['g1f1'], 900)] });
    const result = await classifyMove(engine, { fenBefore: fen, move: 'Rd8#', depth: 12 });
    expect(result.category).toBe('best');
    expect(result.explanation).toContain('Rd8# is checkmate on the back rank');
  });
});

describe('repetition', () => {
  it('a move that repeats the position a third time scores as a draw', async () => {
    // Knights out and back twice; the fourth knight move repeats the start position a third time.
    const history = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1'];
    const replayed = replayGame(history);
    if (!replayed.ok) throw new Error(replayed.error.message);
    const fen = replayed.value.fen();
    const engine = scriptedEngine({
      // Black is a pawn up here (scripted), so the draw by repetition throws away 15+ Win%.
      [fen]: [cp(['e7e5'], 200), cp(['d7d5'], 190)],
      [after(fen, 'Ng8')]: [cp(['e2e4'], -200)],
    });
    const withHistory = await classifyMove(engine, { fenBefore: fen, move: 'Ng8', depth: 12, history });
    expect(withHistory.winPercentAfter).toBe(50);
    expect(withHistory.category).toBe('mistake');
    const without = await classifyMove(engine, { fenBefore: fen, move: 'Ng8', depth: 12 });
    expect(without.winPercentAfter).toBeCloseTo(67.6, 1);
  });
});
