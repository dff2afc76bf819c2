import type { PlacedPiece } from './board';

/** What a move does on the board, found by the detectors in this folder. */
export type Motif =
  | { kind: 'checkmate'; backRank: boolean }
  | { kind: 'mate-threat'; mateMove: string; backRank: boolean }
  | { kind: 'allows-mate'; mateMove: string; backRank: boolean }
  | { kind: 'promotion'; square: string; piece: string }
  | { kind: 'fork'; piece: PlacedPiece; targets: PlacedPiece[] }
  | { kind: 'pin'; piece: PlacedPiece; pinned: PlacedPiece; behind: PlacedPiece }
  | { kind: 'skewer'; piece: PlacedPiece; front: PlacedPiece; behind: PlacedPiece }
  | { kind: 'discovered-attack'; slider: PlacedPiece; target: PlacedPiece; check: boolean }
  | { kind: 'free-capture'; captured: PlacedPiece; by: PlacedPiece; gain: number }
  | { kind: 'hanging'; piece: PlacedPiece; attacker: PlacedPiece };

export type MotifKind = Motif['kind'];
