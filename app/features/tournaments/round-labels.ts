/**
 * The tournament vocabularies the rounds, pairings, standings, projector and printed sheets show,
 * in the app's language (issue 28): schema's values keyed to `msg` descriptors. Results in
 * notation (1-0, 0-1, ½-½) are the same in every language and are not here.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BoardByeKind, ResultReason, RoundStatus, TieBreakName, TournamentResult } from '../../../schema';

/** A result as the result boxes offer it: the notation, and the forfeits in words. */
const RESULT_NAMES: Readonly<Record<TournamentResult, string | MessageDescriptor>> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '½-½',
  '+-': msg`White wins by forfeit`,
  '-+': msg`Black wins by forfeit`,
  '--': msg`Double forfeit`,
};

export function resultName(i18n: I18n, result: TournamentResult): string {
  const name = RESULT_NAMES[result];
  return typeof name === 'string' ? name : i18n._(name);
}

export const REASON_NAMES: Readonly<Record<ResultReason, MessageDescriptor>> = {
  checkmate: msg`Checkmate`,
  resignation: msg`Resignation`,
  time: msg`Time`,
  draw_agreement: msg`Draw agreement`,
  stalemate: msg`Stalemate`,
  threefold: msg`Threefold repetition`,
  fifty_move: msg`Fifty-move rule`,
  forfeit: msg`Forfeit`,
};

/** A round's status; the store's 'scheduled' is shown as it was stored before clients said 'created'. */
const ROUND_STATUS_NAMES: Readonly<Record<RoundStatus | 'scheduled', MessageDescriptor>> = {
  scheduled: msg`Scheduled`,
  created: msg`Created`,
  paired: msg`Paired`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
};

export function roundStatusName(i18n: I18n, status: string): string {
  const descriptor = (ROUND_STATUS_NAMES as Readonly<Record<string, MessageDescriptor | undefined>>)[status];
  return descriptor ? i18n._(descriptor) : status;
}

const TIE_BREAK_NAMES: Readonly<Record<TieBreakName, MessageDescriptor>> = {
  buchholz: msg`Buchholz`,
  buchholz_cut1: msg`Buchholz Cut 1`,
  sonneborn_berger: msg`Sonneborn-Berger`,
  head_to_head: msg`Direct encounter`,
  aro: msg`Average rating of opponents`,
  tpr: msg`Performance`,
};

/** A tie-break's column heading; a name this app does not know yet is shown as stored. */
export function tieBreakName(i18n: I18n, name: string): string {
  const descriptor = (TIE_BREAK_NAMES as Readonly<Record<string, MessageDescriptor | undefined>>)[name];
  return descriptor ? i18n._(descriptor) : name;
}

/** A bye on the boards: its points before the word when it is not the usual one. */
export const BYE_NAMES: Readonly<Record<BoardByeKind, MessageDescriptor>> = {
  pairing: msg`bye`,
  full: msg`bye`,
  half: msg`½ bye`,
  zero: msg`0 bye`,
};
