import { describe, expect, it } from 'vitest';
import { mapLichessThemes, parseLichessCsv } from './lichess';

const HEADER = 'PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,DailyDate';
// A line of the Lichess puzzle database (CC0).
const LINE = '02CfV,7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38,e1b1 d2d8 c6e8 d8e8,399,99,100,236,backRankMate endgame mate mateIn2 short,https://lichess.org/MsWiJvaq/black#76,,';

describe('parseLichessCsv', () => {
  it('reads a puzzle', () => {
    expect(parseLichessCsv(`${HEADER}\n${LINE}\n`)).toEqual({
      ok: true,
      value: [
        {
          id: '02CfV',
          fen: '7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38',
          moves: ['e1b1', 'd2d8', 'c6e8', 'd8e8'],
          rating: 399,
          ratingDeviation: 99,
          themes: ['backRankMate', 'endgame', 'mate', 'mateIn2', 'short'],
          gameUrl: 'https://lichess.org/MsWiJvaq/black#76',
        },
      ],
    });
  });

  it.each([
    ['no header', LINE, 1],
    ['a rating that is not a number', `${HEADER}\n${LINE.replace(',399,', ',high,')}`, 2],
    ['a missing FEN', `${HEADER}\n02CfV,,e1b1,399,99`, 2],
  ])('reports %s with its line', (_, text, line) => {
    expect(parseLichessCsv(text)).toMatchObject({ ok: false, error: { code: 'ERR_PUZZLE_CSV_LINE', line } });
  });
});

describe('mapLichessThemes', () => {
  it('keeps the themes we have, in our order, and drops the others', () => {
    expect(mapLichessThemes(['short', 'mateIn2', 'backRankMate', 'kingsideAttack', 'fork'])).toEqual(['fork', 'mateIn2', 'backRankMate']);
  });
});
