/**
 * The replay's pure parts: every position of a saved game, the auto-play speeds, and what each
 * key does. No React, no DOM.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { parseFen, playMove, speakMove, type MoveWords, type Result } from '../../../../domain';

export interface ReplayPly {
  /** The position after this ply (index 0 is the starting position, with no move). */
  fen: string;
  san: string | null;
  from: string | null;
  to: string | null;
  /** The move in words, as the move log says it ('Black queen to h4, checkmate'). */
  words: string | null;
}

/** The starting position and the position after each move, said in `words`; an unplayable move is an error. */
export function replayPlies(startingFen: string, moves: readonly string[], words: MoveWords): Result<ReplayPly[], { message: string }> {
  const parsed = parseFen(startingFen);
  if (!parsed.ok) return parsed;
  const game = parsed.value;
  const plies: ReplayPly[] = [{ fen: game.fen(), san: null, from: null, to: null, words: null }];
  for (const move of moves) {
    const played = playMove(game, move);
    if (!played.ok) return played;
    const { san, from, to } = played.value;
    plies.push({ fen: game.fen(), san, from, to, words: speakMove(played.value, words) });
  }
  return { ok: true, value: plies };
}

/** Spec section 9: auto-play interval 250 to 2000 ms in steps of 250, 1000 by default. */
export const REPLAY_INTERVAL = { min: 250, max: 2000, step: 250, default: 1000 } as const;

/** The displayed speed is 1000 / interval: '4x', '1x', '0.5x', '1.33x'. */
export function speedLabel(intervalMs: number): string {
  const speed = Math.round((1000 / intervalMs) * 100) / 100;
  return `${speed}x`;
}

/** Clamps and snaps an interval onto the allowed steps. */
export function snapInterval(intervalMs: number): number {
  const { min, max, step } = REPLAY_INTERVAL;
  if (!Number.isFinite(intervalMs)) return REPLAY_INTERVAL.default;
  return Math.min(max, Math.max(min, Math.round(intervalMs / step) * step));
}

/** The ply index a key moves to (Left/Right step, Home/End jump), or null for other keys. */
export function indexForKey(key: string, index: number, lastIndex: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(lastIndex, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return lastIndex;
    default:
      return null;
  }
}

/** Moves in pairs for the move list: [{ number: 1, white: 1, black: 2 }, ...] as ply indexes. */
export function movePairs(plies: readonly ReplayPly[], startingFen: string): { number: number; white: number | null; black: number | null }[] {
  const fields = startingFen.split(' ');
  const blackFirst = fields[1] === 'b';
  let number = Number(fields[5]) || 1;
  const pairs: { number: number; white: number | null; black: number | null }[] = [];
  let ply = 1;
  if (blackFirst && plies.length > 1) {
    pairs.push({ number, white: null, black: 1 });
    number += 1;
    ply = 2;
  }
  for (; ply < plies.length; ply += 2) {
    pairs.push({ number, white: ply, black: ply + 1 < plies.length ? ply + 1 : null });
    number += 1;
  }
  return pairs;
}

/** The move a ply belongs to, as the header counts them: plies 1 and 2 are move 1. */
const moveNumber = (ply: number) => Math.ceil(ply / 2);

/**
 * The replay's place, counted in moves as the header counts them (issue 20: 'Move 2 of 51' beside
 * '26 moves'): 'Move 1 of 26: 1... e5'. `ply` counts from 1 (0: the starting position).
 */
export function positionText(i18n: I18n, ply: number, totalMoves: number, san: string | null): string {
  if (ply === 0 || san === null) return i18n._(msg`Starting position`);
  const number = moveNumber(ply);
  // The move as a scoresheet writes it ('1... e5'), the same in every language.
  const move = `${number}${ply % 2 === 1 ? '.' : '...'} ${san}`;
  return i18n._(msg`Move ${number} of ${totalMoves}: ${move}`);
}

/**
 * What the move log says on arriving at ply `index` from ply `previous` (issue 31): one step
 * forward says the move as Play's log does ('White pawn to e4'); a step back or a jump says where
 * the board now is and its last move ('Move 2 of 26, black knight to c6'), or 'Starting position'.
 */
export function replayNarration(i18n: I18n, plies: readonly ReplayPly[], index: number, previous: number, totalMoves: number): string {
  const ply = plies[index];
  if (index === 0 || ply?.words == null) return i18n._(msg`Starting position`);
  if (index === previous + 1) return ply.words;
  const number = moveNumber(index);
  const words = `${ply.words.charAt(0).toLowerCase()}${ply.words.slice(1)}`;
  return i18n._(msg`Move ${number} of ${totalMoves}, ${words}`);
}
