/**
 * Colour allocation for a pair (C.04.3 E): grant both preferences when they differ; otherwise
 * the stronger preference (absolute, then the bigger imbalance, then strong over mild); otherwise
 * alternate from the last round in which the two had different colours; otherwise the higher
 * ranked player gets their preference, or, with none, the colour given by their pairing number
 * and the initial colour. Same order of rules as bbpPairings' common.cpp (Apache-2.0).
 */
import type { Colour } from '../model';
import { absolutePreference, invert, ranksAbove, type DutchState, type PlayerState } from './state';
import { coloursCompatible } from './weights';

/** Colours of the two players in the latest round where their colours differed (played games only). */
function firstDifference(a: PlayerState, b: PlayerState): [Colour | null, Colour | null] {
  const colours = (p: PlayerState) => p.matches.filter((m) => m.played).map((m) => m.colour);
  const ca = colours(a);
  const cb = colours(b);
  let i = ca.length - 1;
  let j = cb.length - 1;
  while (i >= 0 && j >= 0 && ca[i] === cb[j]) {
    i--;
    j--;
  }
  return [i >= 0 ? ca[i]! : null, j >= 0 ? cb[j]! : null];
}

/** The colour for `player` from the preferences alone, or null when they do not decide. */
function neutralColour(player: PlayerState, opponent: PlayerState): Colour | null {
  const pp = player.colourPreference;
  const op = opponent.colourPreference;
  if (coloursCompatible(pp, op)) return pp ?? invert(op);
  const pa = absolutePreference(player);
  const oa = absolutePreference(opponent);
  if (pa && (player.colourImbalance > opponent.colourImbalance || !oa)) return pp;
  if (oa && (opponent.colourImbalance > player.colourImbalance || !pa)) return invert(op);
  if (player.strongPreference && !opponent.strongPreference) return pp;
  if (opponent.strongPreference && !player.strongPreference) return invert(op);
  const [mine, theirs] = firstDifference(player, opponent);
  return mine !== null && theirs !== null ? theirs : null;
}

/** The colour `player` gets against `opponent`. */
export function chooseColour(state: DutchState, player: PlayerState, opponent: PlayerState): Colour {
  const neutral = neutralColour(player, opponent);
  if (neutral !== null) return neutral;
  const initial = state.initialColour;
  const opponentHigher = ranksAbove(state, opponent, player);
  if (player.colourPreference === null) {
    if (opponentHigher) return opponent.rankIndex % 2 === 1 ? initial : invert(initial)!;
    return player.rankIndex % 2 === 1 ? invert(initial)! : initial;
  }
  return opponentHigher ? invert(opponent.colourPreference)! : player.colourPreference;
}
