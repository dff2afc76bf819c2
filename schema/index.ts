export * from './values';
export * from './settings';
export * from './game';
export * from './api';
export * from './accounts';
export * from './sync';
export * from './history';
export * from './coach';
export * from './tournaments';
export * from './organizations';
export * from './classes';
export * from './class-codes';

export * from './learning';
export * from './puzzles';
export * from './trainer';
