import { describe, expect, it } from 'vitest';
import { parseFen, parseUci, playMove } from '../chess';
import { scriptedEngine, type ScriptedLine } from '../coach/scripted-engine';
import { cookPuzzle, type PuzzleEngine } from './cook';
import { verifyPuzzle } from './verify';

/** The FEN after playing `moves` (UCI) from `fen`. */
function after(fen: string, ...moves: string[]): string {
  const game = parseFen(fen);
  if (!game.ok) throw new Error(game.error.message);
  for (const m of moves) if (!playMove(game.value, parseUci(m)!).ok) throw new Error(`illegal ${m}`);
  return game.value.fen();
}

// Two rooks: Ra7 cuts the king off, Rb8 mates (constructed).
const LADDER = '7k/8/8/8/8/8/R7/1R4K1 w - - 0 1';
// Nc7+ forks the king on e8 and the rook on a8 (constructed).
const FORK = 'r3k3/8/8/3N4/8/8/5PPP/6K1 w - - 0 1';

function script(rows: [string, ScriptedLine[]][]): Record<string, ScriptedLine[]> {
  return Object.fromEntries(rows);
}

describe('cookPuzzle', () => {
  it('follows a forced mate to its end, the engine answering for the opponent', async () => {
    const engine = scriptedEngine(
      script([
        [LADDER, [{ pv: ['a2a7', 'h8g8', 'b1b8'], mate: 2 }, { pv: ['g1g2'], cp: 300 }]],
        [after(LADDER, 'a2a7'), [{ pv: ['h8g8'], mate: -2 }]],
        [after(LADDER, 'a2a7', 'h8g8'), [{ pv: ['b1b8'], mate: 1 }, { pv: ['g1g2'], cp: 900 }]],
      ]),
    );
    const cooked = await cookPuzzle(engine, LADDER, { depth: 10 });
    expect(cooked).toMatchObject({ ok: true, puzzle: { kind: 'mate', line: ['a2a7', 'h8g8', 'b1b8'], mateIn: 2 } });
  });

  it('turns down a mate whose first move has a rival mate', async () => {
    const engine = scriptedEngine(script([[LADDER, [{ pv: ['a2a7'], mate: 2 }, { pv: ['b1b7'], mate: 3 }]]]));
    expect(await cookPuzzle(engine, LADDER, { depth: 10 })).toMatchObject({ ok: false, reason: 'not-a-start', at: { ply: 0 } });
  });

  it('cuts a winning line where the solver has a rival move, ending on the solver’s move, and checks the gain', async () => {
    const rows: [string, ScriptedLine[]][] = [
      [FORK, [{ pv: ['d5c7'], cp: 600 }, { pv: ['g1f1'], cp: 0 }]],
      [after(FORK, 'd5c7'), [{ pv: ['e8d7'], cp: -600 }]],
      [after(FORK, 'd5c7', 'e8d7'), [{ pv: ['c7a8'], cp: 600 }, { pv: ['c7b5'], cp: 50 }]],
      [after(FORK, 'd5c7', 'e8d7', 'c7a8'), [{ pv: ['d7c8'], cp: -600 }]],
      // Now several moves win: the puzzle ends before this step.
      [after(FORK, 'd5c7', 'e8d7', 'c7a8', 'd7c8'), [{ pv: ['a8b6'], cp: 600 }, { pv: ['a8c7'], cp: 590 }]],
    ];
    const cooked = await cookPuzzle(scriptedEngine(script(rows)), FORK, { depth: 10 });
    expect(cooked).toMatchObject({ ok: true, puzzle: { kind: 'material', line: ['d5c7', 'e8d7', 'c7a8'], mateIn: null } });
    // The same line, checked as a shipped puzzle: the opponent's king steps to e8 first.
    const shippedFen = 'r2k4/8/8/3N4/8/8/5PPP/6K1 b - - 0 1';
    const verify = scriptedEngine(script(rows));
    expect(await verifyPuzzle(verify, shippedFen, ['d8e8', 'd5c7', 'e8d7', 'c7a8'], 10)).toMatchObject({ ok: true });
    expect(await verifyPuzzle(verify, shippedFen, ['d8e8', 'd5c7', 'e8d7', 'c7b5'], 10)).toMatchObject({ ok: false, ply: 3 });
    expect(await verifyPuzzle(verify, shippedFen, ['d8e8', 'd5c7', 'e8d7', 'c7a9'], 10)).toMatchObject({ ok: false, ply: 3, reason: 'illegal move c7a9' });
  });

  it('ends after the first move when the next step has rivals', async () => {
    const rows: [string, ScriptedLine[]][] = [
      [FORK, [{ pv: ['d5c7'], cp: 600 }, { pv: ['g1f1'], cp: 0 }]],
      [after(FORK, 'd5c7'), [{ pv: ['e8d7'], cp: -600 }]],
      // Two moves keep the win here: the puzzle is the fork alone.
      [after(FORK, 'd5c7', 'e8d7'), [{ pv: ['c7b5'], cp: 600 }, { pv: ['c7a8'], cp: 550 }]],
    ];
    expect(await cookPuzzle(scriptedEngine(script(rows)), FORK, { depth: 10 })).toMatchObject({ ok: true, puzzle: { line: ['d5c7'] } });
  });
});

describe('cookPuzzle with a doubt depth', () => {
  // The same script at both depths except the rows given for the deep search.
  function byDepth(shallow: [string, ScriptedLine[]][], deep: [string, ScriptedLine[]][]): PuzzleEngine & { depths: number[] } {
    const low = scriptedEngine(script(shallow));
    const high = scriptedEngine(script([...shallow, ...deep]));
    const depths: number[] = [];
    return {
      depths,
      analyse: (fen, options) => {
        depths.push(options.depth);
        return (options.depth > 10 ? high : low).analyse(fen, options);
      },
    };
  }

  it('searches a position that is not a start at the puzzle depth again, deeper, and believes the deeper search', async () => {
    const shallow: [string, ScriptedLine[]][] = [[FORK, [{ pv: ['d5c7'], cp: 300 }, { pv: ['g1f1'], cp: 250 }]]];
    const deep: [string, ScriptedLine[]][] = [
      [FORK, [{ pv: ['d5c7'], cp: 600 }, { pv: ['g1f1'], cp: 0 }]],
    ];
    const rest: [string, ScriptedLine[]][] = [
      [after(FORK, 'd5c7'), [{ pv: ['e8d7'], cp: -600 }]],
      [after(FORK, 'd5c7', 'e8d7'), [{ pv: ['c7a8'], cp: 600 }, { pv: ['c7b5'], cp: 50 }]],
      [after(FORK, 'd5c7', 'e8d7', 'c7a8'), [{ pv: ['d7c8'], cp: -600 }]],
      [after(FORK, 'd5c7', 'e8d7', 'c7a8', 'd7c8'), [{ pv: ['a8b6'], cp: 600 }, { pv: ['a8c7'], cp: 590 }]],
    ];
    expect(await cookPuzzle(byDepth([...shallow, ...rest], deep), FORK, { depth: 10, doubtDepth: 0 })).toMatchObject({ ok: false, reason: 'not-a-start' });
    const engine = byDepth([...shallow, ...rest], deep);
    expect(await cookPuzzle(engine, FORK, { depth: 10, doubtDepth: 16 })).toMatchObject({ ok: true, puzzle: { line: ['d5c7', 'e8d7', 'c7a8'] } });
    expect(engine.depths.slice(0, 2)).toEqual([10, 16]);
  });
});
