import { describe, expect, it } from 'vitest';
import type { MoveCategory } from '../../schema';
import type { EngineScore } from '../winning';
import { explainMove, explainPosition, standing, standingLevel } from './explain';
import type { StandingLevel } from './words';
import { applyMove } from './motifs';

const cp = (value: number): EngineScore => ({ kind: 'cp', value });

function facts(fen: string, san: string, category: MoveCategory, best: string | null, bestScore: EngineScore, afterScore: EngineScore, reply: string | null = null) {
  const move = applyMove(fen, san)!.move;
  const bestMove = best ? applyMove(fen, best)!.move : null;
  return { fenBefore: fen, move, category, bestUci: bestMove?.lan ?? null, bestSan: bestMove?.san ?? null, bestScore, afterScore, reply };
}

describe('explainMove', () => {
  // Each row: the facts of a classified move and the exact words.
  const rows: [string, ReturnType<typeof facts>, string][] = [
    [
      'a best move that forks',
      facts('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Nc7+', 'best', 'Nc7+', cp(500), cp(500)),
      'Best move! Nc7+ forks the king and rook with the knight. You are better.',
    ],
    [
      'a good quiet move',
      facts('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'c4', 'good', 'e4', cp(30), cp(0)),
      'Good move. The game is about equal.',
    ],
    [
      'a book move',
      facts('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'e4', 'book', 'e4', cp(30), cp(30)),
      'Book move. e4 is a well-known opening move. The game is about equal.',
    ],
    [
      'a checkmate',
      facts('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', 'Rd8#', 'best', 'Rd8#', { kind: 'mate', value: 1 }, { kind: 'mate', value: 1 }),
      'Best move! Rd8# is checkmate on the back rank: the king is trapped behind its own pawns. You win the game!',
    ],
    [
      'a quiet mistake: the pin it missed',
      facts('4k3/8/2n5/8/8/8/3P4/4KB2 w - - 0 1', 'Bc4', 'mistake', 'Bb5', cp(300), cp(0)),
      'Mistake. Bb5 would have pinned the knight on c6 to the king behind it. The game is about equal.',
    ],
    [
      'a missed mate in 2',
      facts('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', 'h3', 'miss', 'Rd7', { kind: 'mate', value: 2 }, cp(900)),
      'Missed opportunity. You had a forced checkmate in 2, starting with Rd7. You are winning.',
    ],
  ];
  it.each(rows)('%s', (_name, f, expected) => expect(explainMove(f)).toBe(expected));
});

describe('standing', () => {
  const rows: [number, string][] = [
    [95, 'You are winning.'],
    [70, 'You are better.'],
    [50, 'The game is about equal.'],
    [20, 'You are worse.'],
    [5, 'You are losing.'],
  ];
  it.each(rows)('%s Win%%', (win, text) => expect(standing(win, 'you')).toBe(text));
});

describe('explainPosition', () => {
  it('is null without a line', () => {
    expect(explainPosition({ fen: '8/8/8/8/8/8/8/K6k w - - 0 1', depth: 1, bestMove: '', lines: [] })).toBeNull();
  });
});

describe('explainMove with the engine lines', () => {
  const fen = 'rn2k2r/pp2qppp/2p2n2/2P2p2/2B5/5N2/PPPK1PPP/R1BQ3R b kq - 0 10';
  const bestLine = ['f6e4', 'd2e2', 'e4c3', 'e2d2', 'c3d1'];

  it('names the idea of the better line when it comes later than its first move', () => {
    const text = explainMove({ ...facts(fen, 'a6', 'mistake', 'Ne4+', cp(600), cp(0)), bestLine });
    expect(text).toContain('Ne4+ was better. Ne4+ is check. After Ke2, Nc3+ forks the king and queen with the knight. That is a fork.');
  });

  it('names the idea of a best move played, from its own line', () => {
    const text = explainMove({ ...facts(fen, 'Ne4+', 'best', 'Ne4+', cp(600), cp(600)), bestLine, playedLine: bestLine });
    expect(text).toMatch(/^Best move! Ne4\+ is check\. After Ke2, Nc3\+ forks the king and queen/);
  });
});

describe('standingLevel: the Win% bands of the standing', () => {
  // Each row: a Win% at or next to a band's edge, and its level.
  const rows: [number, StandingLevel][] = [
    [100, 'winning'],
    [90, 'winning'],
    [89.9, 'better'],
    [65, 'better'],
    [64.9, 'equal'],
    [35.1, 'equal'],
    [35, 'worse'],
    [10.1, 'worse'],
    [10, 'losing'],
    [0, 'losing'],
  ];
  it.each(rows)('%s%% -> %s', (win, level) => expect(standingLevel(win)).toBe(level));
});
