/** The puzzle trainer's content rules: acceptance, cooking a line, verification, themes and ratings. */
export * from './accept';
export * from './cook';
export * from './verify';
export * from './themes';
export * from './difficulty';
export * from './lichess';
export * from './puzzler-rule';
export * from './difficulty-model';
