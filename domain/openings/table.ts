/**
 * The opening table we ship: named openings with their ECO code and main line in SAN, one row
 * each, from the standard start position. Rows were chosen from the lichess-org/chess-openings
 * data set (https://github.com/lichess-org/chess-openings, CC0 1.0: public domain): the
 * openings a club player meets in every ECO family A00..E99, names and codes as lichess has them.
 *
 * Every row replays legally and no two rows of different families reach the same position
 * (table.test.ts).
 * The position index over these rows is built on first use (index.ts), not here. The rows are
 * kept one file per ECO volume (eco/a.ts .. eco/e.ts), in ECO order.
 */
import { ECO_A } from './eco/a';
import { ECO_B } from './eco/b';
import { ECO_C } from './eco/c';
import { ECO_D } from './eco/d';
import { ECO_E } from './eco/e';
import type { OpeningRow } from './eco/row';

export type { OpeningRow } from './eco/row';

export const OPENING_ROWS: readonly OpeningRow[] = [...ECO_A, ...ECO_B, ...ECO_C, ...ECO_D, ...ECO_E];
