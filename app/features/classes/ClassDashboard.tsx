import { useState } from 'react';
import { Link } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DASHBOARD_COLUMNS, dashboardCsv, sortStudents, studentName, type DashboardColumn, type SortDirection } from '../../../domain/class-dashboard';
import { type StudentFigures } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { saveTextFile } from '../../shared/text-file';
import { useClassDashboard } from './class-dashboard';
import { csvFileName, formatAccuracy, formatChange, formatDate, formatDateTime, formatPlayTime, skillLabel, tacticLabel } from './class-dashboard-format';
import { DASHBOARD_COLUMN_TITLES } from './class-labels';
import './class-dashboard.css';

/** Columns whose first click sorts the biggest first (a teacher looks for who plays most). */
const DESCENDING_FIRST: ReadonlySet<DashboardColumn> = new Set(['rating', 'ratingChange', 'gamesThisWeek', 'gamesTotal', 'secondsThisWeek', 'lessonsCompleted', 'tipsRead', 'puzzlesSolved', 'averageAccuracy', 'lastActive']);

type Sort = { column: DashboardColumn; direction: SortDirection };

function cell(i18n: I18n, student: StudentFigures, column: DashboardColumn): string {
  switch (column) {
    case 'student':
      return studentName(student);
    case 'rating':
      return String(student.rating);
    case 'ratingChange': {
      if (student.assessmentRating === null) return '—';
      const change = formatChange(student.ratingChange);
      const assessment = student.assessmentRating;
      return i18n._(msg`${change} (from ${assessment})`);
    }
    case 'secondsThisWeek':
      return formatPlayTime(student.secondsThisWeek);
    case 'averageAccuracy':
      return formatAccuracy(student.averageAccuracy);
    case 'weakestSkill':
      return skillLabel(student);
    case 'mostMissedTactic':
      return tacticLabel(student);
    case 'lastActive':
      return formatDate(student.lastActive);
    default:
      return String(student[column]);
  }
}

/**
 * The class's progress for its staff (issue 19): one row per student, sortable by any column,
 * each name opening the student's page, and a CSV export made on this device from these figures.
 */
export default function ClassDashboard({ classId, className }: { classId: number; className: string }) {
  const { t } = useLingui();
  const loaded = useClassDashboard(classId);
  const [sort, setSort] = useState<Sort>({ column: 'student', direction: 'ascending' });

  if (loaded.status === 'loading') {
    return (
      <section className="card class-dashboard" aria-busy="true" aria-label={t`Progress of the class`}>
        <div className="skeleton skeleton--title" role="progressbar" aria-label={t`Loading the class’s progress`} />
        <div className="skeleton skeleton--card" />
      </section>
    );
  }
  if (loaded.status !== 'ready') {
    return (
      <section className="card class-dashboard">
        <div className="notice notice--error" role="alert">
          <p><Trans>Could not load the class’s progress.</Trans></p>
          <button type="button" className="button" onClick={loaded.reload}><Trans>Try again</Trans></button>
        </div>
      </section>
    );
  }
  const dashboard = loaded.value;
  const generatedAt = dashboard.generatedAt;
  const when = formatDateTime(generatedAt);
  const rows = sortStudents(dashboard.students, sort.column, sort.direction);
  const sortBy = (column: DashboardColumn) =>
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: DESCENDING_FIRST.has(column) ? 'descending' : 'ascending' },
    );
  const exportCsv = () => saveTextFile(csvFileName(className, dashboard.generatedAt), dashboardCsv(rows), 'text/csv;charset=utf-8');

  return (
    <section className="card class-dashboard" aria-labelledby="class-dashboard-title">
      <div className="class-dashboard__header">
        <h2 id="class-dashboard-title"><Trans>Progress of the class</Trans></h2>
        <button type="button" className="button" onClick={exportCsv} disabled={rows.length === 0}>
          <Icon name="download" /> <Trans>Export CSV</Trans>
        </button>
      </div>
      <p className="class-dashboard__note">
        {loaded.offline ? (
          <Trans>Offline: figures as they were on <time dateTime={generatedAt}>{when}</time>. ‘This week’ is the last 7 days.</Trans>
        ) : (
          <Trans>Figures of <time dateTime={generatedAt}>{when}</time>. ‘This week’ is the last 7 days.</Trans>
        )}
      </p>
      {rows.length === 0 ? (
        <p><Trans>No students yet.</Trans></p>
      ) : (
        <DashboardTable rows={rows} sort={sort} sortBy={sortBy} classId={classId} />
      )}
    </section>
  );
}

interface TableProps {
  rows: StudentFigures[];
  sort: Sort;
  sortBy: (column: DashboardColumn) => void;
  classId: number;
}

/** One row per student, a sort button in each column's head, each name opening the student's page. */
function DashboardTable({ rows, sort, sortBy, classId }: TableProps) {
  const { t, i18n } = useLingui();
  return (
    <div className="class-dashboard__scroll" tabIndex={0} role="region" aria-label={t`Progress of each student (scrolls sideways)`}>
      <table className="class-dashboard__table">
        <thead>
          <tr>
            {DASHBOARD_COLUMNS.map((column) => (
              <th key={column} scope="col" aria-sort={sort.column === column ? sort.direction : undefined}>
                <button type="button" className="class-dashboard__sort" onClick={() => sortBy(column)}>
                  {i18n._(DASHBOARD_COLUMN_TITLES[column])}
                  {sort.column === column && (
                    <span className={`class-dashboard__arrow class-dashboard__arrow--${sort.direction}`}>
                      <Icon name="pointUp" size="0.9em" />
                    </span>
                  )}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((student) => (
            <tr key={student.userId}>
              {DASHBOARD_COLUMNS.map((column) =>
                column === 'student' ? (
                  <th key={column} scope="row">
                    <Link to={`/classes/${classId}/students/${student.userId}`}>
                      <bdi>{studentName(student)}</bdi>
                    </Link>
                    {student.realName !== null && (
                      <span className="class-dashboard__username">
                        <bdi>{student.username}</bdi>
                      </span>
                    )}
                  </th>
                ) : (
                  <td key={column} className={column === 'weakestSkill' || column === 'mostMissedTactic' || column === 'lastActive' ? undefined : 'class-dashboard__number'}>
                    {cell(i18n, student, column)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
