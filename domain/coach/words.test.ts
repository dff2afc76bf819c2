import { describe, expect, it } from 'vitest';
import { explainMove, explainMoveWords } from './explain';
import { hintFor, learningTips, learningTipWords } from './hint';
import { applyMove } from './motifs';
import { COACH_PHRASE_IDS, englishPhrase, isCoachPhraseId, renderEnglish, type CoachPhrase } from './words';

/**
 * Each row: a phrase and the English the coach said before phrases existed (the strings of
 * explain.ts, line.ts, hint.ts, motifs/describe.ts and analysis-result.ts). One row at least for
 * every phrase id, so a new phrase cannot come without its English.
 */
const ROWS: readonly [CoachPhrase, string][] = [
  [{ id: 'opener', values: { category: 'miss' } }, 'Missed opportunity.'],
  [{ id: 'opener', values: { category: 'brilliant' } }, 'Brilliant!'],
  [{ id: 'standing', values: { level: 'winning', who: 'you' } }, 'You are winning.'],
  [{ id: 'standing', values: { level: 'worse', who: 'b' } }, 'Black is worse.'],
  [{ id: 'standing', values: { level: 'equal', who: 'w' } }, 'The game is about equal.'],
  [{ id: 'game-won', values: { who: 'you' } }, 'You win the game!'],
  [{ id: 'game-won', values: { who: 'b' } }, 'Black wins the game.'],
  [{ id: 'book-move', values: { san: 'e4' } }, 'e4 is a well-known opening move.'],
  [{ id: 'brilliant-sacrifice', values: { san: 'Qxh7+' } }, 'Qxh7+ gives up material on purpose, and it works.'],
  [{ id: 'only-move-keeps', values: { san: 'Kf1', who: 'you' } }, 'Kf1 was the only move that keeps you in the game.'],
  [{ id: 'only-move-keeps', values: { san: 'Kf8', who: 'b' } }, 'Kf8 was the only move that keeps Black in the game.'],
  [{ id: 'only-good-move', values: { san: 'Re1' } }, 'Re1 was the only good move here.'],
  [{ id: 'takes-back', values: { san: 'dxe5' } }, 'dxe5 takes back material.'],
  [{ id: 'opponent-erred', values: { whose: 'w' } }, "White's last move was a mistake, and this move lets the chance go."],
  [{ id: 'opponent-erred', values: { whose: 'you' } }, 'Your last move was a mistake, and this move lets the chance go.'],
  [{ id: 'missed-mate-in-one', values: { who: 'you', san: 'Qh7#' } }, 'You had checkmate in one: Qh7#.'],
  [{ id: 'missed-forced-mate', values: { who: 'b', moves: 3, san: 'Rd1+' } }, 'Black had a forced checkmate in 3, starting with Rd1+.'],
  [{ id: 'reply', values: { whose: 'b' } }, "Black's reply"],
  [{ id: 'that-is', values: { kind: 'fork' } }, 'That is a fork.'],
  [{ id: 'was-better', values: { san: 'Nf3' } }, 'Nf3 was better.'],
  [{ id: 'position-standing', values: { level: 'better', who: 'w', score: '+1.20' } }, 'White is better (+1.20).'],
  [{ id: 'position-standing', values: { level: 'equal', who: 'b', score: '-0.10' } }, 'The game is about equal (-0.10).'],
  [{ id: 'position-mate', values: { who: 'b', score: '-M2' } }, 'Black can force checkmate (-M2).'],
  [{ id: 'position-best', values: {} }, 'Best:'],
  [{ id: 'position-best-move', values: { san: 'O-O' } }, 'Best: O-O.'],
  [{ id: 'game-over-checkmate', values: { winner: 'w' } }, 'Checkmate: the game is over. White wins.'],
  [{ id: 'game-over-stalemate', values: {} }, 'Stalemate: the game is over. It is a draw.'],
  // Motifs (motifs/describe.ts), both tenses.
  [{ id: 'checkmate', values: { san: 'Rd8#', tense: 'does', backRank: true } }, 'Rd8# is checkmate on the back rank: the king is trapped behind its own pawns.'],
  [{ id: 'checkmate', values: { san: 'Qf7#', tense: 'would', backRank: false } }, 'Qf7# would have been checkmate.'],
  [{ id: 'mate-threat', values: { san: 'Qd3', tense: 'does', backRank: false, mateMove: 'Qh7#' } }, 'Qd3 threatens checkmate with Qh7#.'],
  [{ id: 'mate-threat', values: { san: 'Re1', tense: 'would', backRank: true, mateMove: 'Re8#' } }, 'Re1 would have threatened a back-rank mate with Re8#.'],
  [{ id: 'allows-mate', values: { san: 'h3', tense: 'does', backRank: true, mateMove: 'Rd1#', them: 'b' } }, 'After h3, Black can checkmate with Rd1# on the back rank.'],
  [{ id: 'promotion', values: { san: 'b8=Q', tense: 'does', piece: 'q' } }, 'b8=Q turns the pawn into a new queen.'],
  [{ id: 'promotion', values: { san: 'b8=N', tense: 'would', piece: 'n' } }, 'b8=N would have turned the pawn into a new knight.'],
  [{ id: 'fork', values: { san: 'Nc7+', tense: 'does', piece: 'n', targets: ['k', 'r'] } }, 'Nc7+ forks the king and rook with the knight.'],
  [{ id: 'fork', values: { san: 'Qd4', tense: 'would', piece: 'q', targets: ['r', 'b', 'n'] } }, 'Qd4 would have forked the rook, bishop and knight with the queen.'],
  [{ id: 'pin', values: { san: 'Bb5', tense: 'would', pinned: 'n', square: 'c6', behind: 'k' } }, 'Bb5 would have pinned the knight on c6 to the king behind it.'],
  [{ id: 'skewer', values: { san: 'Rh6+', tense: 'does', front: 'k', behind: 'r' } }, 'Rh6+ skewers the king and the rook behind it: when the king moves, the rook falls.'],
  [{ id: 'discovered-check', values: { san: 'Nd5+', tense: 'does', slider: 'b', square: 'c4' } }, 'Nd5+ uncovers a discovered check from the bishop on c4.'],
  [{ id: 'discovered-attack', values: { san: 'Ne5', tense: 'would', slider: 'r', square: 'e1', target: 'q', targetSquare: 'e7' } }, 'Ne5 would have uncovered an attack by the rook on e1 against the queen on e7.'],
  [{ id: 'wins-for', values: { san: 'Bxf6', tense: 'does', captured: 'n', by: 'b' } }, 'Bxf6 wins the knight for a bishop.'],
  [{ id: 'wins-free', values: { san: 'Bxf3', tense: 'does', captured: 'n' } }, 'Bxf3 wins a free knight.'],
  [{ id: 'hanging', values: { san: 'Bc4', tense: 'does', piece: 'b', square: 'c4', attacker: 'p', attackerSquare: 'd5' } }, 'Bc4 leaves the bishop on c4 unprotected: the pawn on d5 can take it.'],
  // Lines (line.ts).
  [{ id: 'is-checkmate', values: { san: 'Nf2#' } }, 'Nf2# is checkmate.'],
  [{ id: 'is-checkmate-taking', values: { san: 'Qxf7#', piece: 'n' } }, 'Qxf7# is checkmate, and it takes a free knight.'],
  [{ id: 'mate-pattern-is', values: { pattern: 'smothered' } }, 'It is a smothered mate: the king is boxed in by its own pieces, and the knight gives check.'],
  [{ id: 'mate-pattern-ends', values: { pattern: 'back-rank' } }, 'It ends with a back-rank mate: the king is trapped behind its own pawns.'],
  [{ id: 'forced-mate', values: { moves: 3, san: 'Rd7' } }, 'You have a forced checkmate in 3. It starts with Rd7.'],
  [{ id: 'sacrifice-deflects', values: { san: 'Rxd8+', piece: 'q', square: 'f6', next: 'Qxf6' } }, 'Rxd8+ is a sacrifice that pulls the queen away from f6, so Qxf6 can follow.'],
  [{ id: 'sacrifice-lures', values: { san: 'Bxh7+', piece: 'k', square: 'h7', next: 'Ng5+' } }, 'Bxh7+ is a sacrifice that lures the king to h7, where Ng5+ follows.'],
  [{ id: 'takes-free', values: { san: 'Bxc6', piece: 'n' } }, 'Bxc6 takes a free knight.'],
  [{ id: 'pinned-victim', values: { piece: 'n', square: 'e5', pinner: 'r', san: 'dxe5' } }, 'The knight on e5 is pinned to its king by the rook, so dxe5 wins it.'],
  [{ id: 'pinned-cannot-stop-mate', values: { piece: 'b', square: 'e7', pinner: 'q' } }, 'The bishop on e7 cannot stop the mate: it is pinned to its king by the queen.'],
  [{ id: 'pinned-cannot-take', values: { piece: 'p', square: 'g2', target: 'n', targetSquare: 'f3', pinner: 'q' } }, 'The pawn on g2 cannot take the knight on f3: it is pinned to its king by the queen.'],
  [{ id: 'opens-line', values: { piece: 'p', from: 'b5', slider: 'r', square: 'b7' } }, 'Moving the pawn from b5 opens the line for the rook on b7: a discovered attack.'],
  [{ id: 'is-check', values: { san: 'Ne4+' } }, 'Ne4+ is check.'],
  [{ id: 'comes-first', values: { san: 'Rb1' } }, 'Rb1 comes first.'],
  [{ id: 'after', values: { san: 'Ke2' } }, 'After Ke2,'],
  [{ id: 'also-discovered-check', values: { slider: 'b', square: 'b3' } }, 'It is also a discovered attack: it uncovers a discovered check from the bishop on b3.'],
  [{ id: 'also-discovered-attack', values: { slider: 'q', square: 'd1', target: 'q', targetSquare: 'd8' } }, 'It is also a discovered attack: it uncovers an attack by the queen on d1 against the queen on d8.'],
  [{ id: 'wins-material', values: { san: 'Bg5' } }, 'Bg5 wins material.'],
  [{ id: 'follows', values: { san: 'Rxb8' } }, 'Rxb8 follows.'],
  // Hints (hint.ts).
  [{ id: 'idea-title', values: { kind: 'free-capture' } }, 'Free material!'],
  [{ id: 'rescue-moves', values: { piece: 'b', square: 'c4', san: 'Bb3' } }, 'Your bishop on c4 is in danger: Bb3 moves it to safety.'],
  [{ id: 'rescue-protects', values: { piece: 'n', square: 'e5', san: 'd4' } }, 'Your knight on e5 is in danger: d4 protects it.'],
  [{ id: 'castle', values: { san: 'O-O' } }, 'Castle with O-O: your king gets safe and your rook joins the game.'],
  [{ id: 'gives-check', values: { san: 'Qh5+' } }, 'Qh5+ gives check and keeps the initiative.'],
  [{ id: 'develop', values: { san: 'Nf3', piece: 'n' } }, 'Develop a piece: Nf3 brings your knight into the game.'],
  [{ id: 'take-centre', values: { san: 'e4' } }, 'Take the centre: e4 puts a pawn in the middle of the board.'],
  [{ id: 'best-capture', values: { san: 'Rxa7', piece: 'p' } }, 'Rxa7 takes the pawn: it is the best capture here.'],
  [{ id: 'push-pawn', values: { san: 'b7' } }, 'Push your pawn: b7 gets it close to becoming a queen.'],
  [{ id: 'improves', values: { san: 'Re1', piece: 'r' } }, 'Re1 improves your rook: it finds a better square where it does more.'],
  [{ id: 'nudge', values: { kind: 'fork', piece: 'n', square: 'd5' } }, 'Look at your knight on d5: it can attack two pieces at once.'],
  [{ id: 'nudge-forced-mate', values: { piece: 'r', square: 'd1' } }, 'There is a forced checkmate. Look at your rook on d1.'],
  [{ id: 'nudge-in-danger', values: { piece: 'q', square: 'd4' } }, 'One of your pieces is in danger. Look at your queen on d4.'],
  [{ id: 'nudge-unprotected', values: { piece: 'b', square: 'f1' } }, "Something of your opponent's is unprotected. Look at your bishop on f1."],
  [{ id: 'nudge-look', values: { piece: 'k', square: 'g1' } }, 'Look at your king on g1.'],
  [{ id: 'motif-tip', values: { kind: 'pin' } }, 'A pinned piece cannot move without exposing a more valuable piece behind it.'],
  [{ id: 'phase-tip', values: { phase: 'endgame' } }, 'In the endgame your king is a strong piece: bring it to the centre.'],
  [{ id: 'ask-tip', values: {} }, 'Ask after every move your opponent makes: what does it attack?'],
];

describe('englishPhrase', () => {
  it.each(ROWS.map(([p, text]) => [p.id, p, text] as const))('%s', (_id, p, text) => {
    expect(englishPhrase(p)).toBe(text);
  });

  it('has a row for every phrase id', () => {
    const covered = new Set(ROWS.map(([p]) => p.id));
    expect([...covered].sort()).toEqual([...COACH_PHRASE_IDS].sort());
  });

  it('knows its ids, and no other', () => {
    expect(COACH_PHRASE_IDS.every(isCoachPhraseId)).toBe(true);
    expect(isCoachPhraseId('from-a-newer-version')).toBe(false);
    expect(isCoachPhraseId('toString')).toBe(false);
  });

  it('joins a text with spaces: a lead-in and its sentence read as one', () => {
    expect(renderEnglish([{ id: 'reply', values: { whose: 'b' } }, { id: 'wins-free', values: { san: 'Bxf3', tense: 'does', captured: 'n' } }])).toBe(
      "Black's reply Bxf3 wins a free knight.",
    );
  });
});

describe('the texts and their phrases', () => {
  // Each row: where it came from, and the text and phrases made from the same position.
  const fen = 'r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1';
  const move = applyMove(fen, 'Nc7+')!.move;
  const facts = { fenBefore: fen, move, category: 'best' as const, bestUci: move.lan, bestSan: move.san, bestScore: { kind: 'cp' as const, value: 500 }, afterScore: { kind: 'cp' as const, value: 500 }, reply: null };

  it('a move explanation (explain.test.ts, the best move that forks)', () => {
    expect(explainMoveWords(facts).map((p) => p.id)).toEqual(['opener', 'fork', 'standing']);
    expect(renderEnglish(explainMoveWords(facts))).toBe(explainMove(facts));
  });

  it('a hint carries its text and nudge as phrases (hint.test.ts, a fork)', () => {
    const hint = hintFor(fen, 'd5c7');
    expect(renderEnglish(hint.textWords)).toBe(hint.text);
    expect(renderEnglish(hint.nudgeWords)).toBe(hint.nudge);
    expect(hint.nudgeWords).toEqual([{ id: 'nudge', values: { kind: 'fork', piece: 'n', square: 'd5' } }]);
  });

  it('learning tips: one phrase a tip, the same tips as the strings', () => {
    const words = learningTipWords(fen, 'd5c7', 'beginner');
    expect(words.map(englishPhrase)).toEqual(learningTips(fen, 'd5c7', 'beginner'));
    expect(words[0]).toEqual({ id: 'motif-tip', values: { kind: 'fork' } });
  });
});
