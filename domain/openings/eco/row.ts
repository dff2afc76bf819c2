/** One row of the opening table (../table.ts): the ECO code, the opening's name, its main line in SAN. */
export type OpeningRow = readonly [eco: string, name: string, moves: string];
