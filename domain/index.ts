export * from './result-type';
export * from './chess';
export * from './piece-names';
export * from './speak-move';
export * from './move-command';
export * from './notation';
export * from './result';
export * from './winning';
export * from './strength';
export * from './takeback';
export * from './rbac';
export { impliedRoles, isNavActive, isVisible, type Viewer } from './roles';
export * from './classes';
export * from './usernames';
export {
  identifyOpening,
  isBookPosition,
  openingForPosition,
  warmUpOpeningBook,
  type Opening,
  type OpeningMatch,
} from './openings/book';
export { OPENING_ROWS, type OpeningRow } from './openings/table';
export * from './pgn';
export * from './names';
export * from './csv';
export * from './game-record';
export * from './coach';
export * from './learning';
export * from './parents';
