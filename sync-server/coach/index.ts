/** The coaching calls on the server: the routes, the engine pool behind them and the evaluation cache. */
export { coachRoutes, DEFAULT_COACH_DEPTH, MOBILE_ANALYSIS_DEPTH, type CoachRoutesOptions } from './routes';
export {
  EnginePool,
  enginePoolOptionsFromEnv,
  defaultPoolSize,
  ENGINE_ID,
  ENGINE_BUSY_MESSAGE,
  ENGINE_TIMEOUT_MESSAGE,
  ENGINE_UNAVAILABLE_MESSAGE,
  EngineBusyError,
  EngineTimeoutError,
  EngineUnavailableError,
  EngineCancelledError,
  type EnginePoolOptions,
  type EnginePoolStats,
  type PooledEngine,
  type SearchOptions,
} from './engine-pool';
export {
  MemoryEvalCache,
  KyselyEvalCache,
  cachedEngine,
  evalCacheFen,
  type CachedEval,
  type EvalCache,
  type EngineEvalsTable,
  type EvalCacheDatabase,
} from './eval-cache';
