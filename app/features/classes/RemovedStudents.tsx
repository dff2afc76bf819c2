import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClassDetail, ClassStudent } from '../../../schema';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { focusAfterRemoval } from '../../shared/focus-after-removal';
import { Icon } from '../../shared/components/Icon';
import { useToast } from '../../shared/components/Toast';
import { currentUserId } from '../auth';
import { setStudentActive } from './classes';

/**
 * Removing a student from a class and putting them back (issue 19): the membership only, never the
 * account or its games. Both go through the outbox and show at once, online or not.
 */

const studentName = (student: ClassStudent) => (student.realName ? `${student.realName} (${student.username})` : student.username);

/** The roster's "Remove from class" button: asks first. */
export function RemoveStudentButton({ classId, student, onDone }: { classId: number; student: ClassStudent; onDone: () => void }) {
  const { t } = useLingui();
  const who = studentName(student);
  const username = student.username;
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const toast = useToast();
  const remove = () => {
    setAsking(false);
    // The row goes with its button: focus to the next student's, the previous one's, or the roster's heading.
    focusAfterRemoval(opener.current, { row: 'tr', heading: () => document.getElementById('roster-title') });
    const teacherId = currentUserId();
    if (teacherId === null) return;
    void setStudentActive(teacherId, classId, student.userId, false).then(() => {
      toast({ title: t`Student removed`, description: t`${who} is under Removed students; their account stays.` });
      onDone();
    });
  };
  return (
    <>
      <button ref={opener} type="button" className="button button--small" data-row-action="remove-student" onClick={() => setAsking(true)} aria-label={t`Remove from class: ${username}`}>
        <Icon name="close" /> <span className="roster__action-text"><Trans>Remove from class</Trans></span>
      </button>
      {asking && (
        <ConfirmDialog
          title={t`Remove ${who} from the class?`}
          message={t`They leave the roster, the dashboard, homework and class tournaments. Their account and games stay, and you can put them back later.`}
          confirmLabel={t`Remove from class`}
          cancelLabel={t`Keep in class`}
          onConfirm={remove}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** For the class's staff, under the roster: the students removed, each with "Put back in class". */
export function RemovedStudents({ detail, onDone }: { detail: ClassDetail; onDone: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const removed = detail.removedStudents ?? [];
  if (removed.length === 0) return null;
  const full = detail.class.studentCount >= detail.class.maxMembers;
  const putBack = (student: ClassStudent) => {
    const teacherId = currentUserId();
    if (teacherId === null) return;
    const who = studentName(student);
    void setStudentActive(teacherId, detail.class.id, student.userId, true).then(() => {
      toast({ title: t`Student put back`, description: t`${who} is in the class again.` });
      onDone();
    });
  };
  return (
    <section className="card class-removed" aria-labelledby="removed-title">
      <h2 id="removed-title"><Trans>Removed students</Trans></h2>
      {full && <p className="field__help"><Trans>This class is full: make it bigger with Edit class to put someone back.</Trans></p>}
      <ul className="class-removed__list">
        {removed.map((student) => {
          const username = student.username;
          return (
            <li key={student.userId}>
              <span className="class-removed__who">
                <bdi className="roster__username">{student.username}</bdi>
                {student.realName && <> · <bdi>{student.realName}</bdi></>}
              </span>
              <button type="button" className="button button--small" onClick={() => putBack(student)} disabled={full} aria-label={t`Put back in class: ${username}`}>
                <Icon name="undo" /> <Trans>Put back in class</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
