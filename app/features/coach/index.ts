/** What the rest of the app uses of coach: other features, the shell and App import it only from here. */
export { ENGINE_NAME, EngineAnalysisCard } from './EngineAnalysisCard';
export type { HintState } from './HintCard';
export { MoveClassificationPanel } from './MoveClassificationPanel';
export { createAnalysisCache } from './analysis-cache';
export { classifications, classificationState, classificationTarget, classificationWork } from './classification';
export { classifiedPly } from './classified-ply';
export { coachDepth, HINT_SEARCH_CAP_MS, searchCap } from './schedule';
export { useEngineWork } from './useEngineWork';
export { useWideLayout } from './useWideLayout';
