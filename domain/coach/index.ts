/**
 * Coaching: move classification, hints, explanations and game review, shared by the worker in
 * the app and by the server. Pure apart from the injected engine.
 */
export type { AnalysisLike, EnginePort, PvLineLike } from './engine-port';
export { gameAccuracy, moveAccuracy, winningChances, winPercent } from '../winning';
export {
  classifyMove,
  classifyFromAnalyses,
  bandCategory,
  isMiss,
  sacrificedMaterial,
  uciToSan,
  CLASSIFY_MULTIPV,
  DROP_BANDS,
  ONLY_MOVE_MARGIN,
  ALREADY_WON,
  BRILLIANT_MAX_DROP,
  SACRIFICE_MIN,
  NOT_LOSING,
  ALREADY_WINNING,
  type ClassifyInput,
  type ClassifyFromAnalysesInput,
} from './classify';
export { getHint, hintFor, learningTips, learningTipWords, HINT_MULTIPV, type HintInput, type WordedHint } from './hint';
export { reviewGame, REVIEW_MULTIPV, REVIEW_SEARCH, KEY_MOMENTS, type ReviewedMove, type GameReview, type ReviewInput, type AbortSignalLike } from './review';
export { formatScore, lineToSan, uciToDisplay, fenTurn } from './format';
export { analysisToResult } from './analysis-result';
export { judgeRetry, RETRY_WIN_PERCENT_TOLERANCE, type RetryInput, type RetryVerdict } from './retry';
export { explainMove, explainMoveWords, explainPosition, explainPositionWords, type MoveFacts } from './explain';
export { gamePhase } from './phase';
export { positionComplexity } from './complexity';
export { lineScore, negateScore, scoreToNumber, whitePov, MATE_SCORE } from './score';
export { findMotifs, describeMotif, motifPhrase, applyMove, type Motif, type MotifKind } from './motifs';
export {
  englishPhrase,
  renderEnglish,
  isMotifPhrase,
  isCoachPhraseId,
  COACH_PHRASE_IDS,
  phrase,
  STANDING_LEVELS,
  type CoachPhrase,
  type CoachPhraseId,
  type CoachWords,
  type MotifPhrase,
  type MatePatternName,
  type StandingLevel,
  type Tense,
  type Who,
} from './words';
export { scriptedEngine, type ScriptedEngine, type ScriptedLine } from './scripted-engine';
