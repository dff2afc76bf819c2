import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trainerPuzzleContentSchema, type TrainerPuzzleContent } from '../../schema';
import { CONTENT_DIR } from '../learning/content';

/**
 * The trainer's shipped puzzles: every *.json file in content/trainer (schema/puzzles.ts), read
 * generically so that new files (lichess.json, generated.json, ...) need no code. An invalid file
 * or a repeated id stops the server's start with the file and the place named. The generator's
 * bookkeeping (`*.meta.json`: games played per seed, rating features) is not content.
 */
export function loadTrainerPuzzles(dir: string = join(CONTENT_DIR, 'trainer')): TrainerPuzzleContent[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json') && !name.endsWith('.meta.json')).sort();
  const seen = new Set<string>();
  const puzzles: TrainerPuzzleContent[] = [];
  for (const name of files) {
    let list: unknown;
    try {
      list = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      throw new Error(`Content trainer/${name} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    if (!Array.isArray(list)) throw new Error(`Content trainer/${name}: must be a list of puzzles`);
    list.forEach((item, index) => {
      const parsed = trainerPuzzleContentSchema.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`Content trainer/${name}[${index}]: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`);
      }
      if (seen.has(parsed.data.id)) throw new Error(`Content: two trainer puzzles share ${parsed.data.id}`);
      seen.add(parsed.data.id);
      puzzles.push(parsed.data);
    });
  }
  return puzzles;
}
