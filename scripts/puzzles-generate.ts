/**
 * `npm run puzzles:generate`: makes puzzles the way lichess-puzzler does, from games Stockfish
 * plays against itself at mixed strengths (domain/strength.ts's candidate choice on a shallow
 * MultiPV search). After every move it asks whether the side now to move was handed a win (the
 * mover was not winning before, is not already up in material, and now forces mate or jumped
 * by half the winning-chance scale to at least +4.00 or from being down in material); such a
 * position is cooked (domain/puzzles/cook.ts: the only winning move at each solver step), checked
 * again from a clean hash (verify.ts, the content test's check) and by lichess-puzzler's rule at
 * depth 14 (scripts/puzzles-check.ts, issue 30), tagged, rated by the difficulty model from its
 * engine features (scripts/puzzles-features.ts, domain/puzzles/difficulty-model.ts), and appended
 * to content/trainer/generated.json.
 *
 * Deterministic for a seed: game g of seed s is played with seededRandom(s * 1_000_003 + g) from a
 * clean hash. Resumable and appendable: content/trainer/generated.meta.json records the games
 * played per seed and each puzzle's rating features; a rerun continues from the next game.
 *
 *   npm run puzzles:generate -- --seed 1 --games 50      play 50 more games of seed 1
 *   npm run puzzles:generate -- --seed 1 --minutes 30    play until 30 minutes are up
 *   npm run puzzles:generate -- --hard --seed 1001 --minutes 60   subtle mistakes, multi-move puzzles only
 *   npm run puzzles:generate -- --hard --from-lichess --seed 1001 --minutes 60   the same, from real games' positions
 *   npm run puzzles:generate -- --hard --from-lichess --deep --seed 1001 --minutes 60   also the mistakes a quick look misses (deeper tactics)
 *   PROFILE=1 npm run puzzles:generate -- …             also print the searches by depth and MultiPV, and their time
 *   npm run puzzles:generate -- --retag                  recompute themes and ratings, no engine
 *   npm run puzzles:generate -- --reverify               check every puzzle again, drop failures
 *   npm run puzzles:generate -- --merge a.json --merge b.json  append runs made in parallel (--out)
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Chess } from 'chess.js';
import {
  chooseCandidate,
  parseFen,
  parseUci,
  playMove,
  positionKey,
  seededRandom,
  START_FEN,
  type Candidate,
  type RandomSource,
  type StrengthLevel,
} from '../domain';
import { lineScore } from '../domain/coach/score';
import { winPercent } from '../domain/winning';
import {
  cookPuzzle,
  forcesMate,
  isDecisive,
  isPuzzleStart,
  difficultyFeatures,
  GENERATED_RATING_DEVIATION,
  PUZZLE_CHECK_DEPTH,
  predictDifficulty,
  tagThemes,
  verifyPuzzle,
  type CookRejection,
  type EngineStepFeatures,
} from '../domain/puzzles';
import { DIFFICULTY_MODEL } from '../domain/puzzles/difficulty-weights';
import { CHECK_DEPTH, checkPuzzle } from './puzzles-check';
import { engineSteps } from './puzzles-features';
import { trainerPuzzleFileSchema, type TrainerPuzzleContent } from '../schema/puzzles';
import { generatedId, loadTrainerPuzzles } from './puzzle-content';
import { startPuzzleEngine, type ScriptEngine } from './puzzle-engine';

export const GENERATED_PATH = 'content/trainer/generated.json';
export const META_PATH = 'content/trainer/generated.meta.json';

/** The search every move of the self-play games is chosen from (and puzzle starts are spotted on). */
const SCAN_DEPTH = 6;
const SCAN_MULTIPV = 3;
/** A game ends when one side has been this far ahead (centipawns) for DECIDED_PLIES plies, or at MAX_PLIES. */
const DECIDED_CP = 800;
const DECIDED_PLIES = 16;
const MAX_PLIES = 160;
/** lichess-puzzler's start condition: the solver was not already winning by +4.00 before the opponent's move. */
const PREVIOUSLY_AT_MOST_CP = 400;

type Player = StrengthLevel & { name: string; randomMoveChance: number };

/** The players: from a beginner who blunders often to a careful club player. */
const PLAYERS: readonly Player[] = [
  { name: 'novice', depth: SCAN_DEPTH, multiPv: SCAN_MULTIPV, movetimeMs: 0, temperature: 14, blunderChance: 0.2, blunderMinLoss: 15, mateChance: 0.4, randomMoveChance: 0.25 },
  { name: 'beginner', depth: SCAN_DEPTH, multiPv: SCAN_MULTIPV, movetimeMs: 0, temperature: 8, blunderChance: 0.1, blunderMinLoss: 15, mateChance: 0.7, randomMoveChance: 0.15 },
  { name: 'club', depth: SCAN_DEPTH, multiPv: SCAN_MULTIPV, movetimeMs: 0, temperature: 4, blunderChance: 0.04, blunderMinLoss: 15, mateChance: 0.9, randomMoveChance: 0.08 },
  { name: 'strong', depth: SCAN_DEPTH, multiPv: SCAN_MULTIPV, movetimeMs: 0, temperature: 1.5, blunderChance: 0.015, blunderMinLoss: 15, mateChance: 1, randomMoveChance: 0.04 },
];

/**
 * `--hard` (issue 30): players whose mistakes are subtle, as a club player's are: they choose
 * among the 4 moves a shallow search (depth 5 to 8) likes best, so the move they play looks fine
 * to that search and loses only to a deeper one. Every position is then also searched at
 * DETECT_DEPTH for the win the mover handed over, and only lines of two solver moves or more are
 * kept: the deep, multi-move puzzles the pack lacked. Seeds of this mode start at HARD_SEED_BASE,
 * so they never replay a seed of the ordinary mode.
 */
const HARD_PLAYERS: readonly Player[] = [
  { name: 'club (depth 5)', depth: 5, multiPv: 4, movetimeMs: 0, temperature: 6, blunderChance: 0, blunderMinLoss: 15, mateChance: 1, randomMoveChance: 0.01 },
  { name: 'club (depth 6)', depth: 6, multiPv: 4, movetimeMs: 0, temperature: 4, blunderChance: 0, blunderMinLoss: 15, mateChance: 1, randomMoveChance: 0 },
  { name: 'strong (depth 8)', depth: 8, multiPv: 4, movetimeMs: 0, temperature: 3, blunderChance: 0, blunderMinLoss: 15, mateChance: 1, randomMoveChance: 0 },
];
const DETECT_DEPTH = 10;
/**
 * The mistakes a club player makes: at each position of a hard game, the moves a shallow look
 * (depth GLANCE_DEPTH, the GLANCE_MOVES it likes best) finds within GLANCE_MAX_LOSS Win% points
 * of its best are tried too; one after which the deeper search shows a win for the other side is
 * a candidate, exactly as if it had been played. A move that looks fine and loses to a combination
 * the glance did not see is the human mistake that makes a puzzle worth solving.
 */
const GLANCE_DEPTH = 3; // `--glance-depth` changes it: a deeper glance leaves only deeper tactics
const GLANCE_MOVES = 6;
const GLANCE_MAX_LOSS = 10;
/** A move is searched at DETECT_DEPTH only when a quicker look (3 plies deeper than the glance, at least 6) already gives the other side +1.00 or a mate. */
const prefilterDepth = (glanceDepth: number) => Math.max(6, glanceDepth + 3);

/** A quick search's best line gives the side to move +1.00 or a mate: worth the deeper search. */
const seesAdvantage = (line: { mate: number | null; scoreCp: number | null } | undefined): boolean =>
  line !== undefined && (line.mate !== null ? line.mate > 0 : (line.scoreCp ?? 0) >= PREFILTER_MIN_CP);
const PREFILTER_MIN_CP = 100;
/** The opening's first plies are the same in many games: no branches there. */
const GLANCE_FROM_PLY = 8;
/**
 * `--from-lichess`: a hard game starts instead from the position of one of the shipped Lichess
 * puzzles (content/trainer/lichess.json, CC0: a middlegame or endgame of a real game between
 * people, before the mistake that made it a puzzle) and goes on for at most this many plies.
 * No generated puzzle starts in a Lichess puzzle's own position.
 */
const MAX_PLIES_FROM_POSITION = 60;
export const HARD_SEED_BASE = 1000;
/** The rating from which the log counts a puzzle as hard (issue 30's lower band). */
const HARD_RATING = 1600;
/** In hard games a side this far ahead (centipawns) for HARD_DECIDED_PLIES plies ends the game: no fresh mistakes come after. */
const HARD_DECIDED_CP = 500;
const HARD_DECIDED_PLIES = 6;

interface Meta {
  /** Games played so far, per seed. */
  games: Record<string, number>;
  /**
   * The engine's features per puzzle id (scripts/puzzles-features.ts: every solver step at depth
   * 14), from which the difficulty model rates it (issue 30).
   */
  features: Record<string, { steps: EngineStepFeatures[] }>;
}

function readJson<T>(path: string, fallback: T): T {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : fallback;
}

function writeJsonAtomically(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(value, null, 1)}\n`);
  renameSync(`${path}.tmp`, path);
}

export { generatedId };

function apply(game: Chess, uci: string): void {
  const played = playMove(game, parseUci(uci)!);
  if (!played.ok) throw new Error(`illegal ${uci} in ${game.fen()}`);
}

interface Stats {
  candidates: number;
  accepted: number;
  /** Accepted puzzles rated HARD_RATING or more. */
  hard: number;
  /** `--deep`: accepted puzzles the quick look did not see, [under HARD_RATING, HARD_RATING or more]. */
  unseenByQuickLook: [number, number];
  rejected: Partial<Record<CookRejection | 'not-decisive' | 'one-move' | 'verify' | 'puzzler-rule' | 'duplicate', number>>;
}

/** How a hard game looks for mistakes: the glance's depth; `deep` also searches the moves the quick look does not see lose (`--deep`). */
interface Look {
  glanceDepth: number;
  deep: boolean;
}

/** A candidate puzzle: the position, the opponent's move and whether the quick look already saw the win; true when it made a puzzle. */
type OnCandidate = (fenBefore: string, move: string, ply: number, seenQuickly: boolean) => Promise<boolean>;

/** One self-play game; calls `onCandidate` with each candidate position (the solver to move). */
async function playGame(
  engine: ScriptEngine,
  random: RandomSource,
  hard: boolean,
  startFen: string,
  look: Look,
  onCandidate: OnCandidate,
) {
  const players = hard ? HARD_PLAYERS : PLAYERS;
  const white = players[Math.floor(random() * players.length)]!;
  const black = players[Math.floor(random() * players.length)]!;
  const fromStart = startFen === START_FEN;
  const maxPlies = fromStart ? MAX_PLIES : MAX_PLIES_FROM_POSITION;
  const game = parseFen(startFen);
  if (!game.ok) throw new Error(game.error.message);
  const board = game.value;
  /** Score of the position before the last move, from the side that made it. */
  let previous = 20;
  let decided = 0;
  let fenBefore = '';
  let lastMove = '';
  for (let ply = 0; ply < maxPlies && !board.isGameOver(); ply++) {
    const fen = board.fen();
    const player = board.turn() === 'w' ? white : black;
    // The search the move is chosen from; in hard games a deeper one spots the puzzle starts.
    const analysis = await engine.analyse(fen, hard ? { depth: player.depth, multiPv: player.multiPv } : { depth: SCAN_DEPTH, multiPv: SCAN_MULTIPV });
    // (The deeper search only where the player's own already sees the side to move +1.00 up or mating.)
    const seen = analysis.lines[0];
    const promising = seesAdvantage(seen);
    const detection = hard && promising ? await engine.analyse(fen, { depth: DETECT_DEPTH, multiPv: 2 }) : analysis;
    const best = detection.lines[0];
    if (!best || !seen) break;
    const score = lineScore(best);
    const cp = score.kind === 'cp' ? score.value : score.value > 0 ? 10_000 : -10_000;
    // A puzzle start on the detection search (the cook checks it deeper), reached after a move that
    // handed the side to move a win: it was not winning by +4.00 before (mates are puzzles whatever came before).
    const before = -previous;
    if (ply > 0 && isPuzzleStart(detection.lines) && isDecisive(detection.lines) && (forcesMate(best) || before <= PREVIOUSLY_AT_MOST_CP)) {
      await onCandidate(fenBefore, lastMove, ply, true);
    }
    if (hard && ply >= (fromStart ? GLANCE_FROM_PLY : 1) && Math.abs(cp) < PREVIOUSLY_AT_MOST_CP) await tryPlausibleMistakes(engine, board, detection.bestMove, ply, look, onCandidate);
    decided = Math.abs(cp) >= (hard ? HARD_DECIDED_CP : DECIDED_CP) ? decided + 1 : 0;
    if (decided >= (hard ? HARD_DECIDED_PLIES : DECIDED_PLIES)) break;
    const candidates: Candidate[] = analysis.lines.flatMap((l) => (l.pv[0] ? [{ move: l.pv[0], score: lineScore(l) }] : []));
    // A blunder of a child is seldom among the engine's few best moves: with `randomMoveChance`
    // the player plays any legal move instead (the next search shows whether it was a blunder).
    const legal = board.moves({ verbose: true });
    const move =
      random() < player.randomMoveChance
        ? legal[Math.floor(random() * legal.length)]!.lan
        : (chooseCandidate(candidates, player, random)?.move ?? analysis.bestMove);
    previous = cp;
    fenBefore = fen;
    lastMove = move;
    apply(board, move);
  }
  return `${white.name} vs ${black.name}`;
}

/**
 * The moves that look fine at a glance in `board` (the mover's deep score `cp`) and hand the
 * opponent a win: each is offered to `onCandidate` until one makes a puzzle.
 */
async function tryPlausibleMistakes(
  engine: ScriptEngine,
  board: Chess,
  bestMove: string,
  ply: number,
  { glanceDepth, deep }: Look,
  onCandidate: OnCandidate,
): Promise<void> {
  const fen = board.fen();
  const glance = await engine.analyse(fen, { depth: glanceDepth, multiPv: GLANCE_MOVES });
  const top = glance.lines[0];
  if (!top) return;
  const topWin = winPercent(lineScore(top));
  for (const line of glance.lines) {
    const move = line.pv[0];
    if (!move || move === bestMove || topWin - winPercent(lineScore(line)) > GLANCE_MAX_LOSS) continue;
    apply(board, move);
    const quick = (await engine.analyse(board.fen(), { depth: prefilterDepth(glanceDepth), multiPv: 1 })).lines[0];
    const promising = seesAdvantage(quick);
    const after = promising || deep ? await engine.analyse(board.fen(), { depth: DETECT_DEPTH, multiPv: 2 }) : null;
    board.undo();
    if (!after) continue;
    // The mover was not lost before (|cp| < +4.00 was checked) and the opponent now has the only winning move.
    if (isPuzzleStart(after.lines) && isDecisive(after.lines) && (await onCandidate(fen, move, ply, promising))) return;
  }
}

/** `PROFILE=1`: the engine's searches counted and timed by depth and MultiPV, printed at exit. */
function profileSearches(engine: ScriptEngine): void {
  const profile: Record<string, [number, number]> = {};
  const analyse = engine.analyse;
  engine.analyse = async (fen, options) => {
    const started = performance.now();
    const result = await analyse(fen, options);
    const entry = (profile[`d${options.depth}m${options.multiPv ?? 1}`] ??= [0, 0]);
    entry[0]++;
    entry[1] += performance.now() - started;
    return result;
  };
  process.on('exit', () => console.log(Object.entries(profile).map(([key, [n, ms]]) => `${key}: ${n} calls ${(ms / 1000).toFixed(1)} s`).join('\n')));
}

type Cooked = { ok: true; id: string; moves: string[]; steps: EngineStepFeatures[]; features: number[] } | { ok: false; reason: keyof Stats['rejected'] };

/**
 * The puzzle after `opponentMove` in `fenBefore`, or why there is none: cooked (the only winning
 * move at each step), decisive, new, checked again from a clean hash (verify.ts, the content
 * test's check) and by lichess-puzzler's rule at depth 14 (scripts/puzzles-check.ts), with the
 * engine's features for the difficulty model.
 */
async function cookCandidate(engine: ScriptEngine, fenBefore: string, opponentMove: string, hard: boolean, known: { ids: Set<string>; starts: Set<string> }): Promise<Cooked> {
  const start = parseFen(fenBefore);
  if (!start.ok) return { ok: false, reason: 'verify' };
  apply(start.value, opponentMove);
  const cooked = await cookPuzzle(engine, start.value.fen(), { depth: PUZZLE_CHECK_DEPTH });
  if (!cooked.ok) return { ok: false, reason: cooked.reason };
  // The generator's own puzzles win decisively (the acceptance rule also takes "only move that holds").
  if (!isDecisive(cooked.puzzle.steps[0]!.lines)) return { ok: false, reason: 'not-decisive' };
  const moves = [opponentMove, ...cooked.puzzle.line];
  if (hard && moves.length < 4) return { ok: false, reason: 'one-move' };
  const id = generatedId(fenBefore, moves);
  if (known.ids.has(id) || known.starts.has(positionKey(fenBefore))) return { ok: false, reason: 'duplicate' };
  await engine.newGame();
  if (!(await verifyPuzzle(engine, fenBefore, moves, PUZZLE_CHECK_DEPTH)).ok) return { ok: false, reason: 'verify' };
  const candidate = { id, source: 'generated' as const, fen: fenBefore, moves, rating: 1500, ratingDeviation: GENERATED_RATING_DEVIATION, themes: [] };
  await engine.newGame();
  if (!(await checkPuzzle(engine, candidate, CHECK_DEPTH)).ok) return { ok: false, reason: 'puzzler-rule' };
  await engine.newGame();
  const steps = await engineSteps(engine, fenBefore, moves);
  const features = steps && difficultyFeatures(fenBefore, moves, steps);
  if (!steps || !features) return { ok: false, reason: 'verify' };
  return { ok: true, id, moves, steps, features };
}

interface GenerateOptions {
  seed: number;
  games: number | null;
  minutes: number | null;
  out: string;
  metaPath: string;
  hard: boolean;
  fromLichess: boolean;
  look: Look;
}

async function generate({ seed, games, minutes, out, metaPath, hard, fromLichess, look }: GenerateOptions): Promise<void> {
  const puzzles = trainerPuzzleFileSchema.parse(readJson<unknown>(out, []));
  const meta = readJson<Meta>(metaPath, { games: {}, features: {} });
  const lichess = loadTrainerPuzzles().lichess;
  const known = { ids: new Set(puzzles.map((p) => p.id)), starts: new Set([...puzzles, ...lichess].map((p) => positionKey(p.fen))) };
  const engine = await startPuzzleEngine();
  if (process.env.PROFILE) profileSearches(engine);
  const stats: Stats = { candidates: 0, accepted: 0, hard: 0, unseenByQuickLook: [0, 0], rejected: {} };
  const started = Date.now();
  const deadline = minutes === null ? Infinity : started + minutes * 60_000;
  let played = 0;
  try {
    while ((games === null || played < games) && Date.now() < deadline) {
      const index = meta.games[String(seed)] ?? 0;
      const random = seededRandom(seed * 1_000_003 + index);
      await engine.newGame();
      const found: TrainerPuzzleContent[] = [];
      // Game g of a seed starts from a Lichess position picked by a stride through the file.
      const from = fromLichess ? lichess[(index * 7919 + seed * 104_729) % lichess.length]! : null;
      const players = await playGame(engine, random, hard, from?.fen ?? START_FEN, look, async (fenBefore, opponentMove, ply, seenQuickly) => {
        stats.candidates++;
        const cooked = await cookCandidate(engine, fenBefore, opponentMove, hard, known);
        if (!cooked.ok) {
          stats.rejected[cooked.reason] = (stats.rejected[cooked.reason] ?? 0) + 1;
          return false;
        }
        const { id, moves, steps, features } = cooked;
        known.ids.add(id);
        known.starts.add(positionKey(fenBefore));
        meta.features[id] = { steps };
        stats.accepted++;
        const rating = predictDifficulty(DIFFICULTY_MODEL, features);
        if (rating >= HARD_RATING) stats.hard++;
        if (!seenQuickly) stats.unseenByQuickLook[rating >= HARD_RATING ? 1 : 0]++;
        found.push({
          id,
          source: 'generated',
          fen: fenBefore,
          moves,
          rating,
          ratingDeviation: GENERATED_RATING_DEVIATION,
          themes: tagThemes(fenBefore, moves),
          origin: `Stockfish self-play${hard ? ' (subtle mistakes)' : ''}${from ? ` from the position of Lichess puzzle ${from.id.replace('lichess:', '')} (CC0)` : ''}, seed ${seed} game ${index} ply ${ply}`,
        });
        return true;
      });
      for (const p of found) p.origin = `${p.origin} (${players})`;
      puzzles.push(...found);
      meta.games[String(seed)] = index + 1;
      played++;
      // Saved after every game, so an interrupted run loses at most the game it was playing.
      writeJsonAtomically(out, puzzles);
      writeJsonAtomically(metaPath, meta);
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `seed ${seed} game ${index}: +${found.length} (${puzzles.length} in all); ${played} games, ${stats.accepted}/${stats.candidates} candidates accepted in ${seconds.toFixed(0)} s (${((stats.accepted / seconds) * 60).toFixed(1)} puzzles/min; ${stats.hard} rated ${HARD_RATING}+, ${((stats.hard / seconds) * 3600).toFixed(0)}/hour${look.deep ? `; unseen by the quick look ${stats.unseenByQuickLook.join(' + ')}` : ''}) rejected ${JSON.stringify(stats.rejected)}`,
      );
    }
  } finally {
    engine.terminate();
  }
}

/** Themes and ratings again from the stored lines and features (after a change of the rules): no engine. */
function retag(): void {
  const puzzles = trainerPuzzleFileSchema.parse(readJson<unknown>(GENERATED_PATH, []));
  const meta = readJson<Meta>(META_PATH, { games: {}, features: {} });
  for (const p of puzzles) {
    p.themes = tagThemes(p.fen, p.moves);
    const steps = meta.features[p.id]?.steps;
    const features = steps && difficultyFeatures(p.fen, p.moves, steps);
    if (features) p.rating = predictDifficulty(DIFFICULTY_MODEL, features);
  }
  writeJsonAtomically(GENERATED_PATH, puzzles);
  console.log(`retagged ${puzzles.length} puzzles`);
}

/**
 * Appends the puzzles of other runs (`--out` files written in parallel, each with its `.meta.json`)
 * to generated.json, skipping positions already there.
 */
function merge(parts: readonly string[]): void {
  const puzzles = trainerPuzzleFileSchema.parse(readJson<unknown>(GENERATED_PATH, []));
  const meta = readJson<Meta>(META_PATH, { games: {}, features: {} });
  const starts = new Set(puzzles.map((p) => positionKey(p.fen)));
  for (const part of parts) {
    const more = trainerPuzzleFileSchema.parse(readJson<unknown>(part, []));
    const moreMeta = readJson<Meta>(part.replace(/\.json$/, '.meta.json'), { games: {}, features: {} });
    for (const p of more) {
      if (starts.has(positionKey(p.fen))) continue;
      starts.add(positionKey(p.fen));
      puzzles.push(p);
      const features = moreMeta.features[p.id];
      if (features) meta.features[p.id] = features;
    }
    for (const [seed, games] of Object.entries(moreMeta.games)) meta.games[seed] = Math.max(meta.games[seed] ?? 0, games);
  }
  writeJsonAtomically(GENERATED_PATH, puzzles);
  writeJsonAtomically(META_PATH, meta);
  console.log(`merged: ${puzzles.length} puzzles`);
}

/**
 * Checks every puzzle of generated.json again with the current rules (verify.ts at
 * PUZZLE_CHECK_DEPTH from a clean hash, as the content test does) and drops those that fail.
 */
async function reverify(): Promise<void> {
  const puzzles = trainerPuzzleFileSchema.parse(readJson<unknown>(GENERATED_PATH, []));
  const engine = await startPuzzleEngine();
  const kept: TrainerPuzzleContent[] = [];
  try {
    for (const p of puzzles) {
      await engine.newGame();
      const verdict = await verifyPuzzle(engine, p.fen, p.moves, PUZZLE_CHECK_DEPTH);
      if (verdict.ok) kept.push(p);
      else console.log(`dropped ${p.id}: ply ${verdict.ply} ${verdict.reason}`);
    }
  } finally {
    engine.terminate();
  }
  writeJsonAtomically(GENERATED_PATH, kept);
  console.log(`reverified: ${kept.length} of ${puzzles.length} kept`);
}

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    games: { type: 'string' },
    minutes: { type: 'string' },
    retag: { type: 'boolean', default: false },
    reverify: { type: 'boolean', default: false },
    out: { type: 'string', default: GENERATED_PATH },
    meta: { type: 'string', default: META_PATH },
    merge: { type: 'string', multiple: true },
    hard: { type: 'boolean', default: false },
    'from-lichess': { type: 'boolean', default: false },
    'glance-depth': { type: 'string', default: String(GLANCE_DEPTH) },
    deep: { type: 'boolean', default: false },
  },
});
if (values.merge) merge(values.merge);
else if (values.retag) retag();
else if (values.reverify) await reverify();
else {
  const games = values.games === undefined ? null : Number(values.games);
  const minutes = values.minutes === undefined ? null : Number(values.minutes);
    const seed = Number(values.seed);
  if (values.hard && seed < HARD_SEED_BASE) throw new Error(`--hard seeds start at ${HARD_SEED_BASE}`);
  await generate({
    seed,
    games: games ?? (minutes === null ? 10 : null),
    minutes,
    out: values.out,
    metaPath: values.meta,
    hard: values.hard,
    fromLichess: values['from-lichess'],
    look: { glanceDepth: Number(values['glance-depth']), deep: values.deep },
  });
}
