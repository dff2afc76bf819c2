/**
 * The progress goals' and achievements' words in the reader's language (issue 28). The server
 * sends them in English with a key (sync-server/learning/progress.ts, domain/learning/
 * achievements.ts); the app says them by key, from the goal's own numbers. A key the app does not
 * know yet (a newer server) keeps the server's English.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ratingBand } from '../../../domain/learning/lesson-plan';
import { gamesToRating } from '../../../domain/learning/progress';
import type { AchievementProgress, Difficulty, ProgressGoal } from '../../../schema';

const LEVEL_LESSONS: Readonly<Record<Difficulty, MessageDescriptor>> = {
  beginner: msg`Finish the beginner lessons`,
  intermediate: msg`Finish the intermediate lessons`,
  advanced: msg`Finish the advanced lessons`,
};

export function goalWords(i18n: I18n, goal: ProgressGoal, rating: number): { title: string; description: string } {
  const { current, target } = goal;
  switch (goal.key) {
    case 'rating': {
      const games = gamesToRating(current, target);
      return { title: i18n._(msg`Reach ${target} ELO`), description: i18n._(msg`${plural(games, { one: 'About # game', other: 'About # games' })}`) };
    }
    case 'weekly-games':
      return { title: i18n._(msg`${plural(target, { one: 'Play # game this week', other: 'Play # games this week' })}`), description: i18n._(msg`Regular practice builds skill fastest.`) };
    case 'level-lessons':
      return { title: i18n._(LEVEL_LESSONS[ratingBand(rating)]), description: i18n._(msg`${plural(target, { one: '# lesson at your level', other: '# lessons at your level' })}`) };
    default:
      return { title: goal.title, description: goal.description };
  }
}

const ACHIEVEMENT_WORDS: Readonly<Record<string, { name: MessageDescriptor; description: MessageDescriptor }>> = {
  'first-game': { name: msg`First Steps`, description: msg`Finish your first game.` },
  'first-win': { name: msg`First Victory`, description: msg`Win a game.` },
  'consistent-player': { name: msg`Consistent Player`, description: msg`Play 5 games in a week.` },
  'ten-wins': { name: msg`Winning Habit`, description: msg`Win 10 games.` },
  'lesson-learner': { name: msg`Lesson Learner`, description: msg`Complete 3 lessons.` },
  scholar: { name: msg`Chess Scholar`, description: msg`Complete 10 lessons.` },
  'tip-collector': { name: msg`Tip Collector`, description: msg`Complete 10 tips.` },
  'puzzle-solver': { name: msg`Puzzle Solver`, description: msg`Solve 5 puzzles.` },
  'on-a-roll': { name: msg`On a Roll`, description: msg`Learn or play 3 days in a row.` },
  'sharp-eyes': { name: msg`Sharp Eyes`, description: msg`Play a reviewed game with 90% accuracy or more.` },
};

export function achievementWords(i18n: I18n, achievement: AchievementProgress): { name: string; description: string } {
  const words = ACHIEVEMENT_WORDS[achievement.key];
  return words ? { name: i18n._(words.name), description: i18n._(words.description) } : { name: achievement.name, description: achievement.description };
}
