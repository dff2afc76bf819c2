import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { epdOf, bookPositions } from './book';
import { OPENING_ROWS } from './table';

/** "Sicilian Defense: Najdorf Variation" belongs to the family "Sicilian Defense". */
const family = (name: string) => name.split(':')[0]?.trim();

interface Replayed {
  /** The SAN chess.js wrote for each move, or 'illegal <move>'. */
  played: string[];
  finalEpd: string;
}

/** Every row replayed once with chess.js, shared by the tests below (slow on a busy machine). */
let replayedRows: Replayed[] | null = null;
function replayed(): Replayed[] {
  replayedRows ??= OPENING_ROWS.map(([, , moves]) => {
    const game = new Chess();
    const played = moves.split(' ').map((san) => {
      try {
        return game.move(san).san;
      } catch {
        return `illegal ${san}`;
      }
    });
    return { played, finalEpd: epdOf(game.fen()) };
  });
  return replayedRows;
}

const SLOW = 60_000;

describe('the opening table', () => {
  it('holds 300 to 600 named lines', () => {
    expect(OPENING_ROWS.length).toBeGreaterThanOrEqual(300);
    expect(OPENING_ROWS.length).toBeLessThanOrEqual(600);
  });

  it('has a well-formed ECO code, a name and moves on every row', () => {
    for (const [eco, name, moves] of OPENING_ROWS) {
      expect(eco, name).toMatch(/^[A-E]\d\d$/u);
      expect(name.trim(), eco).toBe(name);
      expect(moves, name).toMatch(/^\S+( \S+)*$/u);
    }
  });

  it('covers every ECO group A0..E9', () => {
    const groups = new Set(OPENING_ROWS.map(([eco]) => eco.slice(0, 2)));
    const missing = [...'ABCDE'].flatMap((letter) =>
      [...'0123456789'].map((digit) => letter + digit).filter((group) => !groups.has(group)),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    'Sicilian Defense: Najdorf Variation',
    'Sicilian Defense: Dragon Variation',
    'Sicilian Defense: Lasker-Pelikan Variation, Sveshnikov Variation',
    'Ruy Lopez: Berlin Defense',
    'Ruy Lopez: Marshall Attack',
    'Italian Game: Giuoco Piano',
    "Queen's Gambit Declined",
    'Slav Defense',
    "King's Indian Defense: Orthodox Variation",
    'Nimzo-Indian Defense',
    'Queen\'s Pawn Game: London System',
    'Caro-Kann Defense: Advance Variation',
    'French Defense: Winawer Variation',
    'Scandinavian Defense',
    'Pirc Defense',
    'English Opening',
    'Réti Opening',
    'Grünfeld Defense',
    'Dutch Defense: Stonewall Variation',
    'Catalan Opening',
  ])('includes %s', (name) => {
    expect(OPENING_ROWS.some(([, rowName]) => rowName === name)).toBe(true);
  });

  it(
    'replays every row legally, in the SAN chess.js writes',
    () => {
      replayed().forEach(({ played }, i) => {
        const [eco, name, moves] = OPENING_ROWS[i] ?? [];
        expect(played.join(' '), `${eco} ${name}`).toBe(moves);
      });
    },
    SLOW,
  );

  it(
    'has no two rows reaching one position unless they share a family name',
    () => {
      const seen = new Map<string, string>();
      const clashes: string[] = [];
      replayed().forEach(({ finalEpd }, i) => {
        const [eco = '', name = ''] = OPENING_ROWS[i] ?? [];
        const earlier = seen.get(finalEpd);
        if (earlier !== undefined && family(earlier) !== family(name)) clashes.push(`${earlier} / ${eco} ${name}`);
        if (earlier === undefined) seen.set(finalEpd, name);
      });
      expect(clashes).toEqual([]);
    },
    SLOW,
  );

  it(
    'names every position on its lines (each line starts with a named first move)',
    () => {
      const named = new Set(OPENING_ROWS.map(([, , moves]) => moves));
      for (const [, name, moves] of OPENING_ROWS) {
        expect(named.has(moves.split(' ')[0] ?? ''), name).toBe(true);
      }
      const positions = bookPositions();
      expect(positions.size).toBeGreaterThan(OPENING_ROWS.length);
      replayed().forEach(({ finalEpd }, i) => expect(positions.has(finalEpd), OPENING_ROWS[i]?.[1]).toBe(true));
    },
    SLOW,
  );
});
