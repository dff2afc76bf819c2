import { describe, expect, it } from 'vitest';
import { formatSan, sanFromFigurines } from './notation';

describe('formatSan', () => {
  it.each([
    { san: 'Nf3', san_: 'Nf3', figurine: '♘f3' },
    { san: 'Nxe5+', san_: 'Nxe5+', figurine: '♘xe5+' },
    { san: 'Qh4#', san_: 'Qh4#', figurine: '♕h4#' },
    { san: 'Kxf7', san_: 'Kxf7', figurine: '♔xf7' },
    { san: 'Rad1', san_: 'Rad1', figurine: '♖ad1' },
    { san: 'Bb5', san_: 'Bb5', figurine: '♗b5' },
    { san: 'e4', san_: 'e4', figurine: 'e4' },
    { san: 'exd5', san_: 'exd5', figurine: 'exd5' },
    { san: 'e8=Q#', san_: 'e8=Q#', figurine: 'e8=♕#' },
    { san: 'bxa1=N+', san_: 'bxa1=N+', figurine: 'bxa1=♘+' },
    { san: 'O-O', san_: 'O-O', figurine: 'O-O' },
    { san: 'O-O-O+', san_: 'O-O-O+', figurine: 'O-O-O+' },
  ])('$san', ({ san, san_, figurine }) => {
    expect(formatSan(san, 'san')).toBe(san_);
    expect(formatSan(san, 'figurine')).toBe(figurine);
  });
});

describe('sanFromFigurines', () => {
  it.each([
    { typed: '♘f3', san: 'Nf3' },
    { typed: '♞f6', san: 'Nf6' },
    { typed: '♕h4#', san: 'Qh4#' },
    { typed: '♛xd1', san: 'Qxd1' },
    { typed: '♖ad1', san: 'Rad1' },
    { typed: '♜a8', san: 'Ra8' },
    { typed: '♗b5', san: 'Bb5' },
    { typed: '♝c5', san: 'Bc5' },
    { typed: '♔e2', san: 'Ke2' },
    { typed: '♚e7', san: 'Ke7' },
    { typed: '♙e4', san: 'e4' },
    { typed: '♟e5', san: 'e5' },
    { typed: 'e8=♕', san: 'e8=Q' },
    { typed: 'Nf3', san: 'Nf3' },
    { typed: 'board', san: 'board' },
  ])('$typed → $san', ({ typed, san }) => {
    expect(sanFromFigurines(typed)).toBe(san);
  });

  it('undoes formatSan for every piece and promotion', () => {
    for (const san of ['Nf3', 'Qh4#', 'Kxf7', 'Rad1', 'Bb5+', 'e8=Q', 'axb1=R+', 'O-O']) {
      expect(sanFromFigurines(formatSan(san, 'figurine'))).toBe(san);
    }
  });
});
