import { useLiveQuery } from 'dexie-react-hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { isHomeworkDone } from '../../../domain/homework';
import { lessonListSchema } from '../../../schema';
import { useAuth } from '../auth';
import { readCached } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { describeTask, localHomework, STATUS_WORDS, taskPath, useHomework } from './homework';
import { useOutbox } from '../../shared/outbox';
import { formatDay } from '../../shared/components/dates';
import { Icon } from '../../shared/components/Icon';
import './homework.css';


/** The signed-in student's homework as this device knows it (null while loading or with none). */
function useLocalHomework() {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const loaded = useHomework(userId !== null);
  const entries = useOutbox(userId);
  const lessons = useLiveQuery(async () => readCached(lessonListSchema, (await db.cachedPages.get('lessons'))?.value), []);
  if (loaded.status !== 'ready' || loaded.value.homework.length === 0) return null;
  return localHomework(loaded.value.homework, lessons ?? null, entries, new Date());
}

/**
 * 'Homework' at the top of Lessons (issue 19): every assignment with its due date, note and
 * progress, what is not done first; each links to where it is done.
 */
export function HomeworkList() {
  const { t, i18n } = useLingui();
  const items = useLocalHomework();
  if (items === null) return null;
  return (
    <section className="card homework" aria-labelledby="homework-title">
      <h2 id="homework-title" className="homework__title"><Icon name="book" /> <Trans>Homework</Trans></h2>
      <ul className="homework__list">
        {items.map((item) => {
          const done = isHomeworkDone(item.status);
          const what = describeTask(i18n, item.task, item.lessonTitle);
          const due = formatDay(item.dueAt);
          const { done: doneCount, target } = item.progress;
          return (
            <li key={item.id} className={`homework__item homework__item--${item.status}`}>
              <p className="homework__what"><bdi>{what}</bdi></p>
              <p className="homework__meta">
                <span className={`homework__status homework__status--${item.status}`}>
                  {done && <Icon name="check" />} {i18n._(STATUS_WORDS[item.status])}
                </span>
                {' · '}{t`Due ${due}`} · <bdi>{item.className}</bdi>
                {item.task.kind !== 'lesson' && !done && <> · {t`${doneCount} of ${target} done`}</>}
              </p>
              {item.note && <p className="homework__note"><bdi>{item.note}</bdi></p>}
              {!done && (
                <Link to={taskPath(item.task)} className="button button--small">
                  {item.task.kind === 'lesson' ? <Trans>Open lesson</Trans> : item.task.kind === 'puzzles' ? <Trans>Solve puzzles</Trans> : <Trans>Play</Trans>}
                  <span className="visually-hidden">: {what}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The compact card above the board on Play: the next homework not done and its due date, one
 * line that links to it (it never covers the board or a control: it sits in the page's flow).
 */
export function HomeworkBanner() {
  const { t, i18n } = useLingui();
  const items = useLocalHomework();
  const open = items?.filter((item) => !isHomeworkDone(item.status)) ?? [];
  const next = open[0];
  if (next === undefined) return null;
  const what = describeTask(i18n, next.task, next.lessonTitle);
  const due = formatDay(next.dueAt);
  const target = next.task.kind === 'games' ? '/lessons' : taskPath(next.task);
  return (
    <aside className="homework-banner" aria-label={t`Homework`}>
      <Icon name="book" />
      <Link to={target} className="homework-banner__link">
        <strong><Trans>Homework</Trans></strong>
        {open.length > 1 && <> ({open.length})</>}: <bdi>{what}</bdi>
      </Link>
      <span className={`homework__status homework__status--${next.status}`}>{next.status === 'late' ? i18n._(STATUS_WORDS.late) : t`Due ${due}`}</span>
    </aside>
  );
}
