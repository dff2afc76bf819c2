/**
 * The class dashboard's pure rules (issue 19): the four skill areas and the weakest of them, the
 * tactic missed most, the columns a teacher sorts by, and the CSV export. No side effects: the
 * server computes the figures with these, the app sorts and exports them.
 */
import { SKILL_AREAS, SKILL_AREA_LABELS, TACTIC_MOTIFS, type SkillArea, type StudentFigures, type TacticMotif } from '../schema';
import { makeCsv, type CsvCell } from './csv';

export const TACTIC_MOTIF_LABELS: Readonly<Record<TacticMotif, string>> = {
  fork: 'Fork',
  pin: 'Pin',
  skewer: 'Skewer',
  'discovered-attack': 'Discovered attack',
  'mate-threat': 'Mate threat',
  checkmate: 'Checkmate',
  'free-capture': 'Free piece',
  hanging: 'Hanging piece',
  promotion: 'Promotion',
};

export interface ReviewTotals {
  gamesReviewed: number;
  /** Moves of the student over the reviewed games, and the blunders among them. */
  moves: number;
  blunders: number;
  /** Missed tactics over the reviewed games (all motifs). */
  missedTactics: number;
  /** Mean accuracy per phase, weighted by the moves in it; null when no move measured it. */
  phaseAccuracy: { opening: number | null; middlegame: number | null; endgame: number | null };
}

const clampScore = (value: number) => Math.round(Math.min(100, Math.max(0, value)));

/**
 * The Progress page's skill areas (sync-server/learning/progress.ts): Opening, Endgame and
 * Strategy (the middlegame) are the phase accuracy; Tactics is 100 less 10 per missed tactic per
 * game and less 2 per percent of blunders. Each is null until a reviewed game measures it.
 */
export function skillScores(totals: ReviewTotals): { area: SkillArea; score: number | null }[] {
  const reviewed = totals.gamesReviewed > 0;
  const blunderRate = totals.moves === 0 ? 0 : Math.round((1000 * totals.blunders) / totals.moves) / 1000;
  const scores: Record<SkillArea, number | null> = {
    opening: totals.phaseAccuracy.opening === null ? null : clampScore(totals.phaseAccuracy.opening),
    tactics: reviewed ? clampScore(100 - (10 * totals.missedTactics) / totals.gamesReviewed - 200 * blunderRate) : null,
    endgame: totals.phaseAccuracy.endgame === null ? null : clampScore(totals.phaseAccuracy.endgame),
    strategy: totals.phaseAccuracy.middlegame === null ? null : clampScore(totals.phaseAccuracy.middlegame),
  };
  return SKILL_AREAS.map((area) => ({ area, score: scores[area] }));
}

/** The lowest measured area; a tie goes to the first in SKILL_AREAS order. */
export function weakestSkill(scores: readonly { area: SkillArea; score: number | null }[]): SkillArea | null {
  let weakest: { area: SkillArea; score: number } | null = null;
  for (const { area, score } of scores) if (score !== null && (weakest === null || score < weakest.score)) weakest = { area, score };
  return weakest?.area ?? null;
}

/** Motifs by how often they were missed, most first (a tie in TACTIC_MOTIFS order); zero counts left out. */
export function rankMissedTactics(counts: Partial<Record<TacticMotif, number>>): { motif: TacticMotif; count: number }[] {
  return TACTIC_MOTIFS.flatMap((motif) => ((counts[motif] ?? 0) > 0 ? [{ motif, count: counts[motif] as number }] : [])).sort((a, b) => b.count - a.count);
}

/** The dashboard's columns, in table order: each sorts, each is a CSV column. */
export const DASHBOARD_COLUMNS = [
  'student',
  'rating',
  'ratingChange',
  'gamesThisWeek',
  'gamesTotal',
  'secondsThisWeek',
  'lessonsCompleted',
  'tipsRead',
  'puzzlesSolved',
  'averageAccuracy',
  'weakestSkill',
  'mostMissedTactic',
  'lastActive',
] as const;
export type DashboardColumn = (typeof DASHBOARD_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';

export const DASHBOARD_COLUMN_LABELS: Readonly<Record<DashboardColumn, string>> = {
  student: 'Student',
  rating: 'Rating',
  ratingChange: 'Since assessment',
  gamesThisWeek: 'Games this week',
  gamesTotal: 'Games in all',
  secondsThisWeek: 'Time this week',
  lessonsCompleted: 'Lessons',
  tipsRead: 'Tips read',
  puzzlesSolved: 'Puzzles solved',
  averageAccuracy: 'Accuracy',
  weakestSkill: 'Weakest area',
  mostMissedTactic: 'Most missed tactic',
  lastActive: 'Last active',
};

/** What a student is called on the dashboard: the real name when the viewer has it, else the username. */
export const studentName = (student: Pick<StudentFigures, 'realName' | 'username'>): string => student.realName ?? student.username;

function sortValue(student: StudentFigures, column: DashboardColumn): string | number | null {
  switch (column) {
    case 'student':
      return studentName(student).toLowerCase();
    case 'weakestSkill':
      return student.weakestSkill === null ? null : SKILL_AREA_LABELS[student.weakestSkill];
    case 'mostMissedTactic':
      return student.mostMissedTactic === null ? null : TACTIC_MOTIF_LABELS[student.mostMissedTactic];
    default:
      return student[column];
  }
}

/** The students sorted by one column; a missing figure sorts last either way, a tie by name. */
export function sortStudents(students: readonly StudentFigures[], column: DashboardColumn, direction: SortDirection): StudentFigures[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const byName = (a: StudentFigures, b: StudentFigures) => studentName(a).localeCompare(studentName(b)) || a.userId - b.userId;
  return [...students].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? byName(a, b) : sign * order;
  });
}

/** The CSV export (RFC 4180 through makeCsv, formula-safe): one row per student, the figures as numbers. */
export function dashboardCsv(students: readonly StudentFigures[]): string {
  const header: CsvCell[] = [
    'Username',
    'Name',
    'Rating',
    'Assessment rating',
    'Change since assessment',
    'Games this week',
    'Games in all',
    'Minutes this week',
    'Lessons completed',
    'Tips read',
    'Puzzles solved',
    'Average accuracy (%)',
    'Games reviewed',
    'Weakest area',
    'Most missed tactic',
    'Last active',
  ];
  const rows = students.map((s): CsvCell[] => [
    s.username,
    s.realName,
    s.rating,
    s.assessmentRating,
    s.ratingChange,
    s.gamesThisWeek,
    s.gamesTotal,
    Math.round(s.secondsThisWeek / 60),
    s.lessonsCompleted,
    s.tipsRead,
    s.puzzlesSolved,
    s.averageAccuracy,
    s.gamesReviewed,
    s.weakestSkill === null ? null : SKILL_AREA_LABELS[s.weakestSkill],
    s.mostMissedTactic === null ? null : TACTIC_MOTIF_LABELS[s.mostMissedTactic],
    s.lastActive,
  ]);
  return makeCsv([header, ...rows]);
}
