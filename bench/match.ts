/**
 * Games between players in Node, each level on its own engine process through the same
 * EngineCore the browser worker runs. Evidence that the levels differ, not a rating list.
 */
import type { Chess } from 'chess.js';
import { gameEnd, parseFen, parseUci, playMove, seededRandom, START_FEN, type RandomSource } from '../domain';
import type { Difficulty } from '../schema';
import type { EngineTransport } from '../worker/engine-core';
import { createNodeEngine, spawnStockfish } from '../worker/node-engine.node.js';
import { parseUciLine } from '../worker/uci';

export interface Player {
  name: string;
  /** The move to play, in UCI. */
  move(fen: string): Promise<string>;
  close(): void;
}

export type GameResult = '1-0' | '0-1' | '1/2-1/2';

export interface PlayedMove {
  /** The position the move was played in. */
  fen: string;
  uci: string;
  player: string;
}

export interface GameRecord {
  white: string;
  black: string;
  moves: PlayedMove[];
  /** The position after the last move. */
  finalFen: string;
  result: GameResult;
  /** How it ended: a rule of domain/result.ts, or 'adjudicated' at the ply limit. */
  reason: string;
  plies: number;
}

/** A difficulty level exactly as the app plays it; the time of each move goes to `moveTimesMs`. */
export function levelPlayer(level: Difficulty, seed: number, moveTimesMs: number[] = []): Player {
  const engine = createNodeEngine({ random: seededRandom(seed) });
  return {
    name: level,
    move: async (fen) => {
      const started = performance.now();
      const move = await engine.bestMove(fen, level);
      moveTimesMs.push(performance.now() - started);
      return move.uci;
    },
    close: () => engine.terminate(),
  };
}

/** A uniformly random legal move: the floor any level must clear. */
export function randomPlayer(seed: number): Player {
  const random = seededRandom(seed);
  return {
    name: 'random',
    move: async (fen) => {
      const moves = position(fen).moves({ verbose: true });
      const move = moves[Math.floor(random() * moves.length)]!;
      return move.from + move.to + (move.promotion ?? '');
    },
    close: () => {},
  };
}

/**
 * Stockfish's own weakening, `Skill Level` 0 (its documented floor, about 1320 CCRL Elo), spoken
 * to in raw UCI: the reference the brief calls far too strong for a novice.
 */
export function skillLevelPlayer(skill: number, movetimeMs: number): Player {
  const transport = spawnStockfish();
  const session = uciSession(transport);
  const ready = (async () => {
    transport.post('uci');
    await session.next((line) => line === 'uciok');
    transport.post(`setoption name Skill Level value ${skill}`);
    transport.post('isready');
    await session.next((line) => line === 'readyok');
  })();
  return {
    name: `Stockfish Skill Level ${skill}`,
    move: async (fen) => {
      await ready;
      transport.post(`position fen ${fen}`);
      transport.post(`go movetime ${movetimeMs}`);
      const line = await session.next((l) => l.startsWith('bestmove'));
      const message = parseUciLine(line);
      if (message.type !== 'bestmove' || !message.move) throw new Error(`No move from Stockfish in ${fen}`);
      return message.move;
    },
    close: () => transport.terminate(),
  };
}

function uciSession(transport: EngineTransport) {
  let waiting: { match: (line: string) => boolean; resolve: (line: string) => void } | null = null;
  let failure: string | null = null;
  transport.onLine((line) => {
    if (waiting?.match(line)) {
      const { resolve } = waiting;
      waiting = null;
      resolve(line);
    }
  });
  transport.onError((message) => {
    failure = message;
  });
  return {
    next: (match: (line: string) => boolean) =>
      new Promise<string>((resolve, reject) => {
        if (failure) reject(new Error(failure));
        else waiting = { match, resolve };
      }),
  };
}

/** A position the bench itself produced: failing to read it is a bug, so it throws. */
function position(fen: string): Chess {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

export async function playGame(white: Player, black: Player, maxPlies: number): Promise<GameRecord> {
  const game = position(START_FEN);
  const moves: PlayedMove[] = [];
  const record = (result: GameResult, reason: string): GameRecord => ({
    white: white.name,
    black: black.name,
    moves,
    finalFen: game.fen(),
    result,
    reason,
    plies: moves.length,
  });
  for (;;) {
    const end = gameEnd(game);
    if (end) return record(end.winner === 'w' ? '1-0' : end.winner === 'b' ? '0-1' : '1/2-1/2', end.reason);
    if (moves.length >= maxPlies) return record('1/2-1/2', 'adjudicated');
    const player = game.turn() === 'w' ? white : black;
    const fen = game.fen();
    const uci = await player.move(fen);
    const input = parseUci(uci);
    const played = input ? playMove(game, input) : null;
    // A bench whose player makes an illegal move must stop, loudly.
    if (!played?.ok) throw new Error(`${player.name} played ${uci} in ${fen}: not a legal move`);
    moves.push({ fen, uci, player: player.name });
  }
}

export interface MatchResult {
  score: MatchScore;
  games: GameRecord[];
}

export interface MatchScore {
  first: string;
  second: string;
  games: number;
  /** Points of the first player: a win 1, a draw 0.5. */
  firstPoints: number;
  firstWins: number;
  draws: number;
  secondWins: number;
  adjudicated: number;
  meanPlies: number;
}

/**
 * `games` games between two kinds of player, alternating colours, `parallel` games at a time.
 * Each parallel slot keeps its two players (and so its two engines) for all of its games.
 */
export async function playMatch(
  createFirst: (seed: number) => Player,
  createSecond: (seed: number) => Player,
  options: { games: number; parallel: number; maxPlies: number; seed: number },
): Promise<MatchResult> {
  const records: { game: number; record: GameRecord }[] = [];
  let nextGame = 0;
  let names: [string, string] = ['', ''];
  const slot = async (slotIndex: number) => {
    const random: RandomSource = seededRandom(options.seed + slotIndex);
    const first = createFirst(Math.floor(random() * 2 ** 32));
    const second = createSecond(Math.floor(random() * 2 ** 32));
    names = [first.name, second.name];
    try {
      while (nextGame < options.games) {
        const index = nextGame++;
        const firstIsWhite = index % 2 === 0;
        const record = firstIsWhite
          ? await playGame(first, second, options.maxPlies)
          : await playGame(second, first, options.maxPlies);
        records.push({ game: index, record });
      }
    } finally {
      first.close();
      second.close();
    }
  };
  await Promise.all(Array.from({ length: options.parallel }, (_, i) => slot(i)));

  const score: MatchScore = {
    first: names[0],
    second: names[1],
    games: records.length,
    firstPoints: 0,
    firstWins: 0,
    draws: 0,
    secondWins: 0,
    adjudicated: 0,
    meanPlies: records.reduce((sum, r) => sum + r.record.plies, 0) / Math.max(1, records.length),
  };
  for (const { game, record } of records) {
    const firstIsWhite = game % 2 === 0;
    if (record.reason === 'adjudicated') score.adjudicated++;
    if (record.result === '1/2-1/2') {
      score.draws++;
      score.firstPoints += 0.5;
    } else if ((record.result === '1-0') === firstIsWhite) {
      score.firstWins++;
      score.firstPoints += 1;
    } else {
      score.secondWins++;
    }
  }
  return { score, games: records.map((r) => r.record) };
}
