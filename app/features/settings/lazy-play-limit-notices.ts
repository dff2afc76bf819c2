import { lazy } from 'react';

/** Play's limit and break notices, loaded when one is due: not in the first visit's JavaScript (issue 28). */
export const LazyPlayLimitNotices = lazy(() => import('./PlayLimitNotices').then((module) => ({ default: module.PlayLimitNotices })));
