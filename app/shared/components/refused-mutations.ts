/**
 * How each kind of mutation reads when the server refused it (app/shell/RefusedChanges.tsx):
 * a title and a one-line description of what it would have changed. A feature that adds a
 * mutation adds its entry here; a kind without one is shown by its name. `editPath` (optional)
 * is where the user can correct the data and send it again.
 */
import { mutationSchema, type MutationArgs, type MutationName } from '../../../schema';
import { formatDateTime } from './dates';

export interface MutationView<N extends MutationName> {
  title: string;
  describe: (args: MutationArgs<N>) => string;
  editPath?: (args: MutationArgs<N>) => string;
}

const RESULT_WORDS = { win: 'Win', loss: 'Loss', draw: 'Draw', abandoned: 'Abandoned' } as const;

export const MUTATION_VIEWS: { readonly [N in MutationName]?: MutationView<N> } = {
  saveGame: {
    title: 'Game not saved',
    describe: ({ game, finishedAt }) =>
      `${RESULT_WORDS[game.result]} against ${game.opponent === 'Computer' ? 'the computer' : 'a player'}, ${game.moves.length} moves, ${formatDateTime(finishedAt)}`,
  },
  // Issue 19: a class's username edit (a taken name is the usual reason).
  renameClassStudent: {
    title: 'Username not changed',
    describe: ({ username }) => `New username ${username}`,
    editPath: ({ classId }) => `/classes/${classId}`,
  },
  // Issue 19: a class edited (a size below its students now), a student removed or put back (a full class).
  updateClass: {
    title: 'Class not changed',
    describe: ({ name, maxMembers }) => `Class ${name}, at most ${maxMembers} students`,
    editPath: ({ classId }) => `/classes/${classId}`,
  },
  setClassStudentActive: {
    title: 'Student not moved',
    describe: ({ active }) => (active ? 'Putting a student back in the class' : 'Removing a student from the class'),
    editPath: ({ classId }) => `/classes/${classId}`,
  },
  // Issue 19: a class and its accounts made through the outbox (app/features/classes/class-outbox.ts). The
  // description names the class or counts the names only: the passwords in the entry are never shown.
  createClass: {
    title: 'Class not made',
    describe: ({ name }) => `Class ${name}`,
    editPath: () => '/classes',
  },
  addClassStudents: {
    title: 'Student accounts not made',
    describe: ({ students }) => `${students.length} ${students.length === 1 ? 'name' : 'names'}`,
    editPath: ({ classId }) => (classId === undefined ? '/classes' : `/classes/${classId}`),
  },
  // Issue 19: homework the teacher set or cancelled (a due date passed while offline, a student who left).
  assignHomework: {
    title: 'Homework not set',
    describe: ({ dueAt }) => `Homework due ${formatDateTime(dueAt)}`,
    editPath: ({ classId }) => `/classes/${classId}`,
  },
  cancelHomework: {
    title: 'Homework not cancelled',
    describe: () => 'Cancelling homework',
    editPath: ({ classId }) => `/classes/${classId}`,
  },
  // Issue 19: a parent's change of a child's Parental Controls (refused: the child is no longer linked).
  setChildControls: {
    title: "Child's controls not changed",
    describe: ({ controls }) => `${Object.keys(controls).length} Parental Control${Object.keys(controls).length === 1 ? '' : 's'} for a linked child`,
    editPath: () => '/children',
  },
  // Issue 19: a parent handing the controls back, or unlinking (refused: the child is no longer linked to them).
  releaseChildControls: {
    title: "Child's controls not handed back",
    describe: () => 'Letting a linked child choose their own settings again',
    editPath: () => '/children',
  },
  unlinkChild: {
    title: 'Child not unlinked',
    describe: () => 'Unlinking a child from your account',
    editPath: () => '/children',
  },
  // Issue 19: a child's parentEmail (refused: a class account, or the child's own address).
  setParentEmail: {
    title: "Parent's e-mail not saved",
    describe: ({ email }) => (email === null ? "Removing your parent's e-mail address" : `Parent's e-mail: ${email}`),
    editPath: () => '/settings',
  },
  // Issue 19: a class entered in a tournament (another school's class, a full or started tournament).
  addClassToTournament: {
    title: 'Class not added to the tournament',
    describe: () => 'Its students were not entered',
    editPath: ({ tournamentId }) => `/tournaments/${tournamentId}/manage`,
  },
  // Issue 19: join codes (an unknown code or a full class are the usual reasons).
  requestClassJoin: {
    title: 'Class not joined',
    describe: ({ code }) => `Join code ${code}`,
    editPath: () => '/classes',
  },
  answerClassJoin: {
    title: 'Join request not answered',
    describe: ({ approve }) => (approve ? 'Let a student in' : 'Decline a student'),
    editPath: ({ classId }) => `/classes/${classId}`,
  },
};

/**
 * Title, description and where to edit, of a stored entry. Its arguments are checked again against
 * the mutation's schema (stored data may be from an older version of the app); an entry whose
 * arguments no longer parse shows its title only.
 */
export function viewOf(name: string, args: unknown): { title: string; description: string | null; editPath: string | null } {
  const view = (MUTATION_VIEWS as Record<string, MutationView<never> | undefined>)[name];
  if (view === undefined) return { title: `Change not saved (${name})`, description: null, editPath: null };
  const parsed = mutationSchema.safeParse({ id: 1, name, args });
  if (!parsed.success) return { title: view.title, description: null, editPath: null };
  const checked = parsed.data.args as never;
  return { title: view.title, description: view.describe(checked), editPath: view.editPath?.(checked) ?? null };
}
