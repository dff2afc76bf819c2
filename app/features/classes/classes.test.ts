import { describe, expect, it } from 'vitest';
import type { ClassDetail, ClassStudent } from '../../../schema';
import { withStudentActive } from './classes';

const student = (userId: number, username: string): ClassStudent => ({ userId, username, realName: `${username} Real`, isManaged: true });
const detail = (students: ClassStudent[], removedStudents?: ClassStudent[]): ClassDetail => ({
  class: { id: 1, name: '4A', organizationId: 1, organizationName: 'School', gradeLevel: null, skillLevel: null, maxMembers: 30, studentCount: students.length, canManage: true, language: null },
  students,
  ...(removedStudents === undefined ? {} : { removedStudents }),
});
const ids = (list: readonly ClassStudent[] | undefined) => (list ?? []).map((each) => each.userId);

describe('withStudentActive: the stored class page changes at once when a student is removed or put back', () => {
  it('removing moves the student to the removed list and lowers the count', () => {
    const after = withStudentActive(detail([student(1, 'ada'), student(2, 'Bo'), student(3, 'cy')], [student(4, 'Al')]), 2, false);
    expect(ids(after.students)).toEqual([1, 3]);
    expect(ids(after.removedStudents)).toEqual([4, 2]);
    expect(after.class.studentCount).toBe(2);
  });

  it('putting back puts them in username order (any case) and raises the count', () => {
    const after = withStudentActive(detail([student(1, 'ada'), student(3, 'cy')], [student(2, 'Bo')]), 2, true);
    expect(ids(after.students)).toEqual([1, 2, 3]);
    expect(after.removedStudents).toEqual([]);
    expect(after.class.studentCount).toBe(3);
  });

  it.each([
    ['removing someone not in the roster', detail([student(1, 'ada')], []), 9, false],
    ['putting back someone not removed', detail([student(1, 'ada')], [student(2, 'Bo')]), 1, true],
    ['a page stored before the removed list existed', detail([student(1, 'ada')]), 2, true],
  ])('%s changes nothing', (_label, before, userId, active) => {
    expect(withStudentActive(before, userId, active)).toBe(before);
  });
});
