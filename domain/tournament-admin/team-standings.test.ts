import { describe, expect, it } from 'vitest';
import { schoolTeamStandings } from './team-standings';

// Ten players: Hill (5), River (3), Oak (1), one without a school.
const standings = [
  { rank: 1, userId: 1, username: 'a', score: 5, buchholz: 14 },
  { rank: 2, userId: 2, username: 'b', score: 4.5, buchholz: 15 },
  { rank: 3, userId: 3, username: 'c', score: 4, buchholz: 13 },
  { rank: 4, userId: 4, username: 'd', score: 4, buchholz: 12 },
  { rank: 5, userId: 5, username: 'e', score: 3.5, buchholz: 12 },
  { rank: 6, userId: 6, username: 'f', score: 3, buchholz: 11 },
  { rank: 7, userId: 7, username: 'g', score: 2.5, buchholz: 10 },
  { rank: 8, userId: 8, username: 'h', score: 2, buchholz: 9 },
  { rank: 9, userId: 9, username: 'i', score: 1, buchholz: 8 },
  { rank: 10, userId: 10, username: 'j', score: 0, buchholz: 7 },
];
const hill = { organizationId: 1, organizationName: 'Hill' };
const river = { organizationId: 2, organizationName: 'River' };
const oak = { organizationId: 3, organizationName: 'Oak' };
const registrations = [
  { userId: 1, ...hill }, { userId: 4, ...hill }, { userId: 6, ...hill }, { userId: 8, ...hill }, { userId: 10, ...hill },
  { userId: 2, ...river }, { userId: 3, ...river }, { userId: 9, ...river },
  { userId: 5, ...oak },
  { userId: 7, organizationId: null, organizationName: null },
];

describe('schoolTeamStandings', () => {
  it('adds up each school\'s best N (N = 2): River 8.5, Hill 9, Oak 3.5 with one player', () => {
    const rows = schoolTeamStandings(standings, registrations, { bestOf: 2, tieBreak: 'places' });
    expect(rows.map((r) => [r.rank, r.name, r.points, r.tieBreak, r.counted.map((c) => c.userId), r.players])).toEqual([
      [1, 'Hill', 9, 5, [1, 4], 5],
      [2, 'River', 8.5, 5, [2, 3], 3],
      [3, 'Oak', 3.5, 5, [5], 1],
    ]);
  });

  it.each([
    // N = 3: Hill 12 (places 11, Buchholz 37), River 9.5: no tie.
    [3, 'places', [['Hill', 12], ['River', 9.5], ['Oak', 3.5]]],
  ] as const)('best %i, %s', (bestOf, tieBreak, expected) => {
    expect(schoolTeamStandings(standings, registrations, { bestOf, tieBreak }).map((r) => [r.name, r.points])).toEqual(expected);
  });

  it('breaks a tie on points by the sum of places (lower first) or of Buchholz (higher first); a full tie shares the rank', () => {
    const tied = [
      { rank: 1, userId: 1, username: 'a', score: 3, buchholz: 5 },
      { rank: 2, userId: 2, username: 'b', score: 3, buchholz: 9 },
      { rank: 3, userId: 3, username: 'c', score: 2, buchholz: 4 },
      { rank: 4, userId: 4, username: 'd', score: 2, buchholz: 2 },
    ];
    const regs = [{ userId: 1, ...hill }, { userId: 4, ...hill }, { userId: 2, ...river }, { userId: 3, ...river }];
    // Both 5 points; places: Hill 1+4 = 5, River 2+3 = 5 (shared rank); Buchholz: Hill 7, River 13.
    expect(schoolTeamStandings(tied, regs, { bestOf: 2, tieBreak: 'places' }).map((r) => [r.rank, r.name])).toEqual([[1, 'Hill'], [1, 'River']]);
    expect(schoolTeamStandings(tied, regs, { bestOf: 2, tieBreak: 'buchholz' }).map((r) => [r.rank, r.name, r.tieBreak])).toEqual([[1, 'River', 13], [2, 'Hill', 7]]);
  });
});
