import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  contentLanguageQuerySchema,
  bookmarkTipRequestSchema,
  clampClientTimes,
  completeLessonRequestSchema,
  completeLessonResponseSchema,
  errorResponseSchema,
  gameAnalysisSummarySchema,
  learningProfileSchema,
  lessonListSchema,
  lessonSchema,
  progressResponseSchema,
  rateTipRequestSchema,
  saveGameAnalysisResponseSchema,
  saveSettingsArgsSchema,
  settingsResponseSchema,
  tipCategoryParamsSchema,
  tipListSchema,
  tipProgressResponseSchema,
  tipStatsSchema,
  todayTipResponseSchema,
  TIP_BOOKMARKS_CACHE_MS,
  TIP_STATS_CACHE_MS,
  TIP_TODAY_CACHE_MS,
  learningPaths,
} from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { httpError } from '../core/plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { saveGameAnalysis, weaknessProfile } from './analysis';
import { completeLesson, getLesson, listLessons, publicLesson } from './lessons';
import { progressFor } from './progress';
import { readSettings, saveSettings } from './settings';
import { bookmarkedTips, bookmarkTip, completeTip, listTips, rateTip, tipOfTheDay, tipStats } from './tips';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const MAX_ID = 2_147_483_647;
/** The lesson id as the page reads it: anything but a whole number in range is 'Lesson not found'. */
const lessonParamsSchema = z.strictObject({ id: z.string().max(20) });
const gameParamsSchema = z.strictObject({ id: z.uuid() });

function lessonId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw httpError(404, 'ERR_LESSON_NOT_FOUND');
  return id;
}

/** The client caches these answers for the spec's times (play spec section 7); the server says the same. */
const cacheFor = (reply: FastifyReply, ms: number) => reply.header('cache-control', `private, max-age=${ms / 1000}`);

/**
 * Lessons, tips, progress, settings and game analyses (issue 9). Each write shares its service with a mutator.
 * Three child plugins, registered in this order.
 */
export function learningRoutes(context: ServerContext): FastifyPluginAsync {
  return async (app) => {
    app.register(lessonRoutes(context));
    app.register(tipRoutes(context));
    app.register(progressRoutes(context));
  };
}

/** Lessons and the learning profile. */
function lessonRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      learningPaths.lessons,
      { config: { auth: 'user' }, schema: { querystring: contentLanguageQuerySchema, response: { 200: lessonListSchema, ...errors } } },
      async (request) => (await listLessons(db, currentUser(request).id)).map((lesson) => publicLesson(lesson, request.query.lang)),
    );

    routes.get(
      learningPaths.lesson,
      { config: { auth: 'user' }, schema: { params: lessonParamsSchema, querystring: contentLanguageQuerySchema, response: { 200: lessonSchema, ...errors } } },
      async (request) => publicLesson(await getLesson(db, currentUser(request).id, lessonId(request.params.id)), request.query.lang),
    );

    routes.post(
      learningPaths.completeLesson,
      {
        config: { auth: 'user' },
        schema: { params: lessonParamsSchema, body: completeLessonRequestSchema.optional(), response: { 200: completeLessonResponseSchema, ...errors } },
      },
      async (request) => {
        const id = lessonId(request.params.id);
        const result = await completeLesson(db, currentUser(request), id, request.body?.score, context.now().toISOString());
        return { success: true as const, ...result };
      },
    );

    routes.get(learningPaths.profile, { config: { auth: 'user' }, schema: { response: { 200: learningProfileSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const lessons = await listLessons(db, user.id);
      return {
        eloRating: user.eloRating,
        weaknesses: await weaknessProfile(db, user.id),
        completedLessonIds: lessons.filter((l) => l.completed).map((l) => l.id),
      };
    });
  };
}

/** Daily tips: lists, the tip of the day, and the reader's progress on each. */
function tipRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    const read = { config: { auth: 'user' as const }, schema: { querystring: contentLanguageQuerySchema, response: { 200: tipListSchema, ...errors } } };

    routes.get(learningPaths.tips, read, async (request) => listTips(db, currentUser(request).id, undefined, request.query.lang));

    routes.get(
      learningPaths.todayTip,
      { config: { auth: 'user' }, schema: { querystring: contentLanguageQuerySchema, response: { 200: todayTipResponseSchema, ...errors } } },
      async (request, reply) => {
        cacheFor(reply, TIP_TODAY_CACHE_MS);
        return tipOfTheDay(db, currentUser(request).id, context.now(), request.query.lang);
      },
    );

    routes.get(learningPaths.tipStats, { config: { auth: 'user' }, schema: { response: { 200: tipStatsSchema, ...errors } } }, async (request, reply) => {
      cacheFor(reply, TIP_STATS_CACHE_MS);
      return tipStats(db, currentUser(request).id, context.now());
    });

    routes.get(learningPaths.tipBookmarks, read, async (request, reply) => {
      cacheFor(reply, TIP_BOOKMARKS_CACHE_MS);
      return bookmarkedTips(db, currentUser(request).id, request.query.lang);
    });

    routes.get(
      learningPaths.tipCategory,
      { config: { auth: 'user' }, schema: { params: tipCategoryParamsSchema, querystring: contentLanguageQuerySchema, response: { 200: tipListSchema, ...errors } } },
      async (request) => listTips(db, currentUser(request).id, request.params.category, request.query.lang),
    );

    const tipWrite = { config: { auth: 'user' as const }, schema: { params: idParamsSchema, response: { 200: tipProgressResponseSchema, ...errors } } };

    routes.post(learningPaths.completeTip, tipWrite, async (request) => ({
      success: true as const,
      progress: await completeTip(db, currentUser(request).id, request.params.id, context.now().toISOString()),
    }));

    routes.post(learningPaths.bookmarkTip, { ...tipWrite, schema: { ...tipWrite.schema, body: bookmarkTipRequestSchema } }, async (request) => ({
      success: true as const,
      progress: await bookmarkTip(db, currentUser(request).id, request.params.id, request.body?.bookmarked),
    }));

    routes.post(learningPaths.rateTip, { ...tipWrite, schema: { ...tipWrite.schema, body: rateTipRequestSchema } }, async (request) => ({
      success: true as const,
      progress: await rateTip(db, currentUser(request).id, request.params.id, request.body.rating),
    }));
  };
}

/** Progress, settings and saved game analyses. */
function progressRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(learningPaths.progress, { config: { auth: 'user' }, schema: { response: { 200: progressResponseSchema, ...errors } } }, async (request) =>
      progressFor(db, currentUser(request), context.now()),
    );

    routes.get(learningPaths.settings, { config: { auth: 'user' }, schema: { response: { 200: settingsResponseSchema, ...errors } } }, async (request) =>
      readSettings(db, currentUser(request).id),
    );

    routes.put(
      learningPaths.settings,
      { config: { auth: 'user' }, schema: { body: saveSettingsArgsSchema, response: { 200: settingsResponseSchema, ...errors } } },
      // The device's clock, no later than the server's: as the mutation (issue 26); a save dated ahead would win over every later one.
      async (request) => saveSettings(db, currentUser(request).id, clampClientTimes('saveSettings', request.body, context.now())),
    );

    routes.post(
      learningPaths.gameAnalysis,
      {
        config: { auth: 'user' },
        schema: { params: gameParamsSchema, body: z.strictObject({ analysis: gameAnalysisSummarySchema }), response: { 200: saveGameAnalysisResponseSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        const weaknesses = await db.transaction().execute((trx) => saveGameAnalysis(trx, user, request.params.id, request.body.analysis, context.now()));
        return { success: true as const, weaknesses };
      },
    );
  };
}
