export * from './settings';
export * from './game';
export * from './api';
