import { describe, expect, it } from 'vitest';
import {
  describeMotif,
  detectAllowsMate,
  detectCheckmate,
  detectDiscoveredAttack,
  detectFork,
  detectFreeCapture,
  detectHanging,
  detectMateThreat,
  detectPinOrSkewer,
  detectPromotion,
  findMotifs,
  type Motif,
} from './index';

type Detector = (fen: string, move: string) => Motif | null;

// Each row: a constructed position, a move, and what the detector must find (null: nothing).
const rows: [string, Detector, string, string, Partial<Motif> | null][] = [
  // Knight jumps to c7: checks the king on e8 and attacks the rook on a8.
  ['fork: knight on king and rook', detectFork, 'r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Nc7+', { kind: 'fork' }],
  // Nb6 attacks only the rook on a8 (and c8 is empty): one target is no fork.
  ['fork: a single target is not a fork', detectFork, 'r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Nb6', null],
  // Pawn fork: d5 hits the knights on c6 and e6.
  ['fork: pawn on two knights', detectFork, '4k3/8/2n1n3/8/3P4/8/8/4K3 w - - 0 1', 'd5', { kind: 'fork' }],
  // Bb5 lines up with the knight on c6 and the king on e8 behind it.
  ['pin: bishop pins knight to king', detectPinOrSkewer, '4k3/8/2n5/8/8/8/8/4KB2 w - - 0 1', 'Bb5', { kind: 'pin' }],
  // Re1+ checks the king on e7; the queen on e8 stands behind it.
  ['skewer: rook through king to queen', detectPinOrSkewer, '4q3/4k3/8/8/8/8/8/R6K w - - 0 1', 'Re1+', { kind: 'skewer' }],
  // Rd1 sees the knight on d6 with only a pawn (d7) behind: nothing worth pinning.
  ['pin: nothing valuable behind', detectPinOrSkewer, '4k3/3p4/3n4/8/8/8/8/R3K3 w - - 0 1', 'Rd1', null],
  // The knight leaves e4 and the rook on e1 now attacks the queen on e8.
  ['discovered attack on the queen', detectDiscoveredAttack, '4q1k1/8/8/8/4N3/8/8/4R1K1 w - - 0 1', 'Nc5', { kind: 'discovered-attack', check: false }],
  // Same with the king on e8: a discovered check.
  ['discovered check', detectDiscoveredAttack, '4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1', 'Nc3+', { kind: 'discovered-attack', check: true }],
  // The rook itself moves: nothing is uncovered.
  ['no discovery when the slider moves', detectDiscoveredAttack, '4q1k1/8/8/8/4N3/8/8/4R1K1 w - - 0 1', 'Rf1', null],
  // Rd8# with the king shut in by its own pawns.
  ['checkmate on the back rank', detectCheckmate, '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', 'Rd8#', { kind: 'checkmate', backRank: true }],
  // Re1 (the a-file is blocked by the a2 pawn) threatens Re8#.
  ['back-rank mate threat', detectMateThreat, '6k1/5ppp/8/8/8/8/P4PPP/R5K1 w - - 0 1', 'Re1', { kind: 'mate-threat', backRank: true, mateMove: 'Re8#' }],
  // Qh5 with the bishop on d3 aiming at h7 threatens Qxh7# (the rook on f8 keeps e8 covered).
  ['mate threat on h7', detectMateThreat, '5r1k/6pp/8/8/8/3B4/8/3Q2K1 w - - 0 1', 'Qh5', { kind: 'mate-threat', backRank: false, mateMove: 'Qxh7#' }],
  // A quiet king move threatens nothing.
  ['no mate threat', detectMateThreat, '7k/6pp/8/8/8/3B4/8/3Q2K1 w - - 0 1', 'Kf2', null],
  // The knight on e6 guarded d8; Nc5 lets White mate with Rd8#.
  ['allows a back-rank mate', detectAllowsMate, '6k1/5ppp/4n3/8/8/8/5PPP/3R2K1 b - - 0 1', 'Nc5', { kind: 'allows-mate', mateMove: 'Rd8#', backRank: true }],
  ['keeps the guard: no mate allowed', detectAllowsMate, '6k1/5ppp/4n3/8/8/8/5PPP/3R2K1 b - - 0 1', 'Kf8', null],
  // Qc4 walks into the d5 pawn's attack.
  ['hanging queen', detectHanging, '4k3/8/8/5p2/8/8/8/3QK3 w - - 0 1', 'Qg4', { kind: 'hanging' }],
  ['safe queen move', detectHanging, '4k3/8/8/5p2/8/8/8/3QK3 w - - 0 1', 'Qa4+', null],
  // The knight on d5 has no defender.
  ['free knight', detectFreeCapture, '4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1', 'Qxd5', { kind: 'free-capture', gain: 3 }],
  // The e6 pawn defends d5: the queen would be lost for a knight.
  ['defended knight is not free', detectFreeCapture, '4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1', 'Qxd5', null],
  // A pawn takes a defended rook: still wins material (5 for 1).
  ['rook for a pawn', detectFreeCapture, '4k3/8/4p3/3r4/2P5/8/8/4K3 w - - 0 1', 'cxd5', { kind: 'free-capture', gain: 4 }],
  ['promotion', detectPromotion, '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1', 'b8=Q', { kind: 'promotion', piece: 'queen' }],
  ['promotion, UCI', detectPromotion, '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1', 'b7b8n', { kind: 'promotion', piece: 'knight' }],
  ['no promotion', detectPromotion, '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1', 'Ka1', null],
];

describe('motif detectors', () => {
  it.each(rows)('%s', (_name, detect, fen, move, expected) => {
    const found = detect(fen, move);
    if (expected === null) expect(found).toBeNull();
    else expect(found).toMatchObject(expected);
  });

  it('names the fork targets', () => {
    const fork = detectFork('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Nc7+')!;
    expect(describeMotif(fork, 'Nc7+', 'would', 'w')).toBe('Nc7+ would have forked the king and rook with the knight.');
    expect(describeMotif(fork, 'Nc7+', 'does', 'w')).toBe('Nc7+ forks the king and rook with the knight.');
  });

  it('says what a pin and a hanging piece mean', () => {
    const pin = detectPinOrSkewer('4k3/8/2n5/8/8/8/8/4KB2 w - - 0 1', 'Bb5')!;
    expect(describeMotif(pin, 'Bb5', 'does', 'w')).toBe('Bb5 pins the knight on c6 to the king behind it.');
    const hanging = detectHanging('4k3/8/8/5p2/8/8/8/3QK3 w - - 0 1', 'Qg4')!;
    expect(describeMotif(hanging, 'Qg4', 'does', 'w')).toBe(
      'Qg4 leaves the queen on g4 unprotected: the pawn on f5 can take it.',
    );
  });

  it('lists a move\'s motifs, mate first', () => {
    expect(findMotifs('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', 'Rd8#').map((m) => m.kind)).toEqual(['checkmate']);
    expect(findMotifs('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Nc7+').map((m) => m.kind)).toContain('fork');
    expect(findMotifs('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Kf1')).toEqual([]);
  });

  it('ignores an illegal move', () => {
    expect(detectFork('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', 'Nd7')).toBeNull();
  });
});
