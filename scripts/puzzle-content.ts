/** The shipped trainer puzzles (content/trainer/*.json), read and validated: for the scripts and the content tests. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { trainerPuzzleFileSchema, type TrainerPuzzleContent } from '../schema/puzzles';

export const TRAINER_DIR = fileURLToPath(new URL('../content/trainer/', import.meta.url));

export function loadTrainerPuzzles(): { lichess: TrainerPuzzleContent[]; generated: TrainerPuzzleContent[] } {
  const read = (name: string) => trainerPuzzleFileSchema.parse(JSON.parse(readFileSync(`${TRAINER_DIR}${name}`, 'utf8')));
  return { lichess: read('lichess.json'), generated: read('generated.json') };
}

/** A generated puzzle's id: a hash of its position and line. */
export function generatedId(fen: string, moves: readonly string[]): string {
  return `gen:${createHash('sha256').update(`${fen} ${moves.join(' ')}`).digest('hex').slice(0, 16)}`;
}
