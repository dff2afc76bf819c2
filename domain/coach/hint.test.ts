import { describe, expect, it } from 'vitest';
import { START_FEN } from '../chess';
import { getHint, hintFor, learningTips } from './hint';
import { scriptedEngine } from './scripted-engine';

describe('hintFor (the words for a known best move)', () => {
  // Each row: position, best move, what the text and nudge must say. Positions as in the motif tests.
  const rows: [string, string, string, RegExp, RegExp][] = [
    ['a fork', 'r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'd5c7', /^Look for a fork\. Nc7\+ forks the king and rook/, /^Look at your knight on d5: it can attack two pieces at once\.$/],
    ['a pin', '4k3/8/2n5/8/8/8/8/4KB2 w - - 0 1', 'f1b5', /^Look for a pin\. Bb5 pins the knight on c6 to the king/, /your bishop on f1/],
    ['mate in one', '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', 'd1d8', /^You can checkmate! Rd8# is checkmate/, /it can give checkmate right now/],
    ['free material', '4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1', 'd1d5', /^Free material! Qxd5 wins a free knight\.$/, /your queen on d1/],
    ['promotion', '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1', 'b7b8q', /^Promote your pawn! b8=Q turns the pawn into a new queen\.$/, /your pawn on b7/],
    // The bishop on c4 is attacked by the b5 pawn; the best move retreats it.
    ['a piece in danger', 'rnbqkbnr/p1pppppp/8/1p6/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 3', 'c4b3', /^Your bishop on c4 is in danger: Bb3 moves it to safety\.$/, /in danger\. Look at your bishop on c4/],
    ['development', START_FEN, 'g1f3', /^Develop a piece: Nf3 brings your knight into the game\.$/, /^Look at your knight on g1\.$/],
    ['the centre', START_FEN, 'e2e4', /^Take the centre: e4 puts a pawn in the middle/, /your pawn on e2/],
  ];
  it.each(rows)('%s', (_name, fen, uci, text, nudge) => {
    const hint = hintFor(fen, uci);
    expect(hint.text).toMatch(text);
    expect(hint.nudge).toMatch(nudge);
    expect(hint.suggestedMove.from).toBe(uci.slice(0, 2));
    expect(hint.suggestedMove.to).toBe(uci.slice(2, 4));
  });

  it('names a longer forced mate without giving away the idea in the nudge', () => {
    const hint = hintFor('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', 'd1d7', 3);
    expect(hint.text).toBe('You have a forced checkmate in 3. It starts with Rd7.');
    expect(hint.nudge).toBe('There is a forced checkmate. Look at your rook on d1.');
  });

  it('gives the promotion piece in the suggested move', () => {
    expect(hintFor('8/1P6/8/8/8/2k5/8/1K6 w - - 0 1', 'b7b8q').suggestedMove).toEqual({ san: 'b8=Q', from: 'b7', to: 'b8', promotion: 'q' });
  });
});

describe('learningTips', () => {
  it('fit the idea and the phase, fewer for stronger players', () => {
    const beginner = learningTips('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'd5c7', 'beginner');
    expect(beginner).toHaveLength(3);
    expect(beginner[0]).toMatch(/fork/);
    expect(beginner[1]).toMatch(/endgame/);
    expect(learningTips(START_FEN, 'e2e4', 'advanced')).toEqual([
      'In the opening, bring out your knights and bishops, control the centre and castle early.',
    ]);
    expect(learningTips(START_FEN, 'e2e4', 'intermediate')).toHaveLength(2);
  });
});

describe('getHint (scripted engine)', () => {
  it('asks the engine once and explains its best move', async () => {
    const fen = 'r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1';
    const engine = scriptedEngine({ [fen]: [{ pv: ['d5c7', 'e8d7'], cp: 500 }, { pv: ['g1f2'], cp: 0 }] });
    const response = await getHint(engine, { fen, depth: 12, difficulty: 'intermediate' });
    expect(response.success).toBe(true);
    expect(response.hint?.suggestedMove.san).toBe('Nc7+');
    expect(response.hint?.text).toContain('fork');
    expect(response.learningTips).toHaveLength(2);
    expect(engine.calls).toEqual([{ fen, depth: 12, multiPv: 2 }]);
  });

  it('fails softly: a bad FEN, a finished game, an engine error', async () => {
    const engine = scriptedEngine({});
    expect(await getHint(engine, { fen: 'x', depth: 12 })).toMatchObject({ success: false, hint: null, learningTips: [] });
    const mated = await getHint(engine, { fen: '3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', depth: 12 });
    expect(mated).toMatchObject({ success: false, error: 'No legal moves: the game is over' });
    const failing = await getHint(engine, { fen: START_FEN, depth: 12 });
    expect(failing.success).toBe(false);
    expect(failing.error).toMatch(/no analysis scripted/);
  });
});
