/**
 * The tournament as the Swiss engine and the TRF reader see it: players by starting rank
 * (pairing number) with their round-by-round entries, coded as in the FIDE TRF.
 */

export const COLOURS = ['w', 'b'] as const;
export type Colour = (typeof COLOURS)[number];

/**
 * TRF result codes: '1' '=' '0' played games; '+' '-' forfeits; 'W' 'D' 'L' games of fewer than
 * one move (played for pairing purposes); 'H' half-point bye, 'F' full-point bye, 'U'
 * pairing-allocated bye, 'Z' zero-point bye (or absent).
 */
export const RESULT_CODES = ['1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z'] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

export interface RoundEntry {
  /** The opponent's starting rank, or null for no opponent (a bye or an absence). */
  readonly opponent: number | null;
  readonly colour: Colour | null;
  readonly result: ResultCode;
}

export interface Player {
  /** Starting rank, the pairing number (1-based). */
  readonly startRank: number;
  readonly name: string;
  /** 0 when unrated. */
  readonly rating: number;
  readonly sex: string;
  readonly title: string;
  readonly federation: string;
  readonly fideId: string;
  readonly birthDate: string;
  /** Points as written in the file (the engine recomputes them from the rounds). */
  readonly points: number;
  /** Rank as written in the file (0 when blank). */
  readonly rank: number;
  /** One entry per round; null for a blank round column. */
  readonly rounds: readonly (RoundEntry | null)[];
}

export interface ProhibitedPairs {
  /** 1-based, inclusive. */
  readonly firstRound: number;
  readonly lastRound: number;
  readonly players: readonly number[];
}

export interface RoundByes {
  readonly round: number;
  /** H half-point, F full-point, Z zero-point bye (TRF-2026 240 line). */
  readonly type: 'H' | 'F' | 'Z';
  readonly players: readonly number[];
}

export const ACCELERATIONS = ['none', 'baku'] as const;
export type Acceleration = (typeof ACCELERATIONS)[number];

/**
 * Virtual points given for pairing only (TRF-2026 record 250, or the XXA line of the pairing
 * engines' TRF extension). Records are applied in file order, as bbpPairings does: a 250 record
 * sets `points` for rounds firstRound..lastRound of players firstPlayer..lastPlayer; an XXA line
 * appends one value per round to one player's list. When any is present, the Baku acceleration
 * of record 192 is ignored (TRF-2026: the 250 records win).
 */
export type AccelerationRecord =
  | {
      readonly kind: '250';
      /** Game points, e.g. 1 or 0.5 (never 0). */
      readonly points: number;
      readonly firstRound: number;
      readonly lastRound: number;
      readonly firstPlayer: number;
      readonly lastPlayer: number;
    }
  | {
      readonly kind: 'XXA';
      readonly player: number;
      /** Round 1, 2, ... in order. */
      readonly points: readonly number[];
    };

export interface Tournament {
  readonly players: readonly Player[];
  /** Total number of rounds (XXR or 142), null when unknown. */
  readonly totalRounds: number | null;
  /** Colour of the top player in round 1 (XXC white1/black1 or 152); null to infer it from round 1. */
  readonly initialColour: Colour | null;
  /** Groups of players who may never meet (XXP), e.g. siblings or club mates. */
  readonly forbiddenPairs: readonly (readonly number[])[];
  /** Groups who may not meet within a range of rounds (260). */
  readonly prohibitedPairs: readonly ProhibitedPairs[];
  /** Requested byes announced for a round (240). */
  readonly byes: readonly RoundByes[];
  readonly acceleration: Acceleration;
  /** 250 / XXA virtual points; when non-empty they replace `acceleration`. */
  readonly accelerations?: readonly AccelerationRecord[];
}

export interface Pair {
  readonly white: number;
  readonly black: number;
}

/** A round's pairing, by starting rank, in the published board order. */
export interface RoundPairing {
  readonly round: number;
  readonly pairs: readonly Pair[];
  /** The player who gets the pairing-allocated bye, if any. */
  readonly bye: number | null;
}

export const PAIRING_ERROR_CODES = ['ERR_NO_VALID_PAIRING', 'ERR_TOURNAMENT_INVALID', 'ERR_TOURNAMENT_FINISHED'] as const;
export type PairingErrorCode = (typeof PAIRING_ERROR_CODES)[number];

export interface PairingError {
  readonly code: PairingErrorCode;
  readonly message: string;
}
