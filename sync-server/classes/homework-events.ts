import { subscribe } from '../core/events';
import { noteLessonForHomework, settleHomework } from './homework';

/**
 * Homework reacts to a lesson completed, a trainer puzzle attempted and games saved, keeping a
 * completion as soon as it is reached, so reading homework writes nothing. Subscribed when this
 * module loads: app.ts imports it, so every server (and every test app) has them, once.
 */
subscribe('lessonCompleted', (db, event) => noteLessonForHomework(db, event.userId, event.lessonId, event.completedAt));
subscribe('puzzleAttempted', (db, event) => settleHomework(db, event.userId, 'puzzles'));
subscribe('gamesSaved', (db, event) => settleHomework(db, event.userId, 'games'));
