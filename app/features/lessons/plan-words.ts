/**
 * The 'Why these lessons?' sentences in the app's language (issue 28): domain's lesson plan
 * (domain/learning/lesson-plan.ts) says its reasons through these, English when none are given.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { PlanWords } from '../../../domain';
import type { Difficulty, GamePhase, TacticMotif } from '../../../schema';

const LEVELS: Record<Difficulty, (rating: number) => MessageDescriptor> = {
  beginner: (rating) => msg`Your rating of ${rating} puts you at the Beginner level, so beginner lessons come first.`,
  intermediate: (rating) => msg`Your rating of ${rating} puts you at the Intermediate level, so intermediate lessons come first.`,
  advanced: (rating) => msg`Your rating of ${rating} puts you at the Advanced level, so advanced lessons come first.`,
};

/** One sentence per motif, so a language can count each thing as it does ('3 pins', '2 forks'). */
const MISSED: Record<TacticMotif, (count: number, games: number) => MessageDescriptor> = {
  fork: (count, games) => msg`You missed ${plural(count, { one: '# fork', other: '# forks' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  pin: (count, games) => msg`You missed ${plural(count, { one: '# pin', other: '# pins' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  skewer: (count, games) => msg`You missed ${plural(count, { one: '# skewer', other: '# skewers' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  'discovered-attack': (count, games) =>
    msg`You missed ${plural(count, { one: '# discovered attack', other: '# discovered attacks' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  'mate-threat': (count, games) =>
    msg`You missed ${plural(count, { one: '# mating attack', other: '# mating attacks' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  checkmate: (count, games) => msg`You missed ${plural(count, { one: '# checkmate', other: '# checkmates' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  'free-capture': (count, games) =>
    msg`You missed ${plural(count, { one: '# free piece to take', other: '# free pieces to take' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  hanging: (count, games) =>
    msg`You missed ${plural(count, { one: '# piece left hanging', other: '# pieces left hanging' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
  promotion: (count, games) =>
    msg`You missed ${plural(count, { one: '# pawn promotion', other: '# pawn promotions' })} in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}.`,
};

const PHASES: Record<GamePhase, (accuracy: number) => MessageDescriptor> = {
  opening: (accuracy) => msg`Your opening accuracy is ${accuracy}%, so opening lessons move up.`,
  middlegame: (accuracy) => msg`Your middlegame accuracy is ${accuracy}%, so middlegame lessons move up.`,
  endgame: (accuracy) => msg`Your endgame accuracy is ${accuracy}%, so endgame lessons move up.`,
};

export function planWords(i18n: I18n): PlanWords {
  return {
    level: (rating, band) => i18n._(LEVELS[band](rating)),
    blunders: (games, percent) =>
      i18n._(msg`In your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}, ${percent}% of your moves were blunders: checking for loose pieces before each move will help most.`),
    missed: (motif, count, games) => i18n._(MISSED[motif](count, games)),
    weakPhase: (phase, accuracy) => i18n._(PHASES[phase](accuracy)),
    noReviews: () => i18n._(msg`Play a game and review it: we will find what you most need to practise and move those lessons up.`),
    noWeakness: (games) => i18n._(msg`No clear weakness in your ${plural(games, { one: '# reviewed game', other: '# reviewed games' })}: keep going at your level.`),
  };
}
