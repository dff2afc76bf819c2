import { describe, expect, it } from 'vitest';
import { expectedScore, glicko2Period } from './glicko2';

describe('Glicko-2', () => {
  it("gives the paper's worked example (Glickman 2012: 1500/200/0.06 against 1400/30 won, 1550/100 lost, 1700/300 lost)", () => {
    const after = glicko2Period(
      { rating: 1500, rd: 200, volatility: 0.06 },
      [
        { rating: 1400, rd: 30, score: 1 },
        { rating: 1550, rd: 100, score: 0 },
        { rating: 1700, rd: 300, score: 0 },
      ],
      0.5,
    );
    // The paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('a period without games only widens the deviation', () => {
    const after = glicko2Period({ rating: 1500, rd: 200, volatility: 0.06 }, [], 0.5);
    expect(after.rating).toBe(1500);
    expect(after.rd).toBeCloseTo(173.7178 * Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2), 6);
  });

  it('expects an even score between equals and more against a weaker opponent', () => {
    expect(expectedScore({ rating: 1500 }, { rating: 1500, rd: 50 })).toBeCloseTo(0.5, 10);
    // The paper's E for the first game: 0.639 (mu = 0, opponent 1400/30).
    expect(expectedScore({ rating: 1500 }, { rating: 1400, rd: 30 })).toBeCloseTo(0.639, 3);
  });
});
