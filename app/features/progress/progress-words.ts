/**
 * The progress page's words that come from the server in English (issue 28): skill areas,
 * goals and achievements, said again here in the app's language from their keys and numbers.
 * A key this version does not know keeps the server's words.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ratingBand } from '../../../domain';
import type { Difficulty, ProgressResponse, SkillArea } from '../../../schema';

const SKILLS: Record<SkillArea, MessageDescriptor> = { opening: msg`Opening`, tactics: msg`Tactics`, endgame: msg`Endgame`, strategy: msg`Strategy` };

/** domain/learning/achievements.ts's names and descriptions, by key. */
const ACHIEVEMENTS: Record<string, { name: MessageDescriptor; description: MessageDescriptor }> = {
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

const LEVEL_LESSONS: Record<Difficulty, MessageDescriptor> = {
  beginner: msg`Finish the beginner lessons`,
  intermediate: msg`Finish the intermediate lessons`,
  advanced: msg`Finish the advanced lessons`,
};

type Skill = ProgressResponse['skills'][number];
type Goal = ProgressResponse['goals'][number];
type Achievement = Pick<ProgressResponse['achievements'][number], 'key' | 'name' | 'description'>;

export const skillTitle = (i18n: I18n, skill: Skill): string => i18n._(SKILLS[skill.area]);

export function achievementText(i18n: I18n, achievement: Achievement): { name: string; description: string } {
  const words = ACHIEVEMENTS[achievement.key];
  return words ? { name: i18n._(words.name), description: i18n._(words.description) } : { name: achievement.name, description: achievement.description };
}

/** A goal's title and description; `rating` is the user's (the level's lessons are its band's). */
export function goalText(i18n: I18n, goal: Goal, rating: number): { title: string; description: string } {
  const { target } = goal;
  switch (goal.key) {
    case 'rating': {
      // The server counts the games (its points per game); its sentence carries the number.
      const games = Number(/\d+/.exec(goal.description)?.[0]);
      const description = Number.isInteger(games) ? i18n._(msg`${plural(games, { one: 'About # game', other: 'About # games' })}`) : goal.description;
      return { title: i18n._(msg`Reach ${target} ELO`), description };
    }
    case 'weekly-games':
      return { title: i18n._(msg`${plural(target, { one: 'Play # game this week', other: 'Play # games this week' })}`), description: i18n._(msg`Regular practice builds skill fastest.`) };
    case 'level-lessons':
      return { title: i18n._(LEVEL_LESSONS[ratingBand(rating)]), description: i18n._(msg`${plural(target, { one: '# lesson at your level', other: '# lessons at your level' })}`) };
    default:
      return { title: goal.title, description: goal.description };
  }
}
