import { describe, expect, it } from 'vitest';
import { viewOf } from './refused-mutations';

describe('viewOf: how a refused change reads', () => {
  it('describes the change and links to where it can be edited, for every kind with a view, not only games', () => {
    expect(viewOf('renameClassStudent', { classId: 7, userId: 12, username: 'AnnaS2' })).toEqual({
      title: 'Username not changed',
      description: 'New username AnnaS2',
      editPath: '/classes/7',
    });
    expect(viewOf('setParentEmail', { email: 'mum@example.com' })).toEqual({
      title: "Parent's e-mail not saved",
      description: "Parent's e-mail: mum@example.com",
      editPath: '/settings',
    });
    expect(viewOf('requestClassJoin', { code: 'ACDEFGHJ' }).editPath).toBe('/classes');
  });

  it('a game keeps its one-line description and has nowhere to edit', () => {
    const view = viewOf('saveGame', {
      gameId: '0b6f1f43-52f9-4a4b-9d3e-2f7cf0e6a2a1',
      game: { opponent: 'Computer', result: 'win', moves: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'], gameMode: 'pvc', difficulty: 'beginner', playerColor: 'white', gameDurationSeconds: 60 },
      finishedAt: '2026-11-26T10:00:00.000Z',
    });
    expect(view.title).toBe('Game not saved');
    expect(view.description).toMatch(/^Win against the computer, 7 moves, /);
    expect(view.editPath).toBeNull();
  });

  it('arguments that no longer parse (an older app stored them) show the title only, never throw', () => {
    expect(viewOf('renameClassStudent', { classId: 'seven' })).toEqual({ title: 'Username not changed', description: null, editPath: null });
    expect(viewOf('addClassStudents', null)).toEqual({ title: 'Student accounts not made', description: null, editPath: null });
  });

  it('a kind without a view is named', () => {
    expect(viewOf('completeLesson', { lessonId: 1 })).toEqual({ title: 'Change not saved (completeLesson)', description: null, editPath: null });
  });
});
