export * from './result-type';
export * from './chess';
export * from './result';
