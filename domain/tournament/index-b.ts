/** Part B of the tournament engine: round robin, elimination, standings, tie-breaks, ratings. */
export * from './results';
export * from './round-robin';
export * from './elimination';
export * from './tiebreaks';
export * from './standings';
export * from './rating';
