export * from './result-type';
export * from './chess';
export * from './result';
export * from './winning';
export * from './strength';
export * from './takeback';
export * from './rbac';
