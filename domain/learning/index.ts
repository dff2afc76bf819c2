export * from './assessment';
export * from './lesson-plan';
export * from './daily-tip';
export * from './settings-rules';
export * from './achievements';
export * from './weaknesses';
export * from './progress';
