/**
 * The Play screen's game: moves as SAN are the single source of truth; the position, whose turn
 * it is, the end of the game and the last move are derived from them. The game is saved locally
 * after every move and restored on load; in pvc the computer answers through the engine worker.
 */
import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import {
  gameEnd,
  isPromotionMove,
  legalTargets,
  movesToUndo,
  playMove,
  replayGame,
  type GameEnd,
  type MoveInput,
  type PromotionPiece,
  type Square,
} from '../../../../domain';
import type { ChessSettings, Color, CurrentGame, Difficulty, GameMode } from '../../../../schema';
import { readRecord, writeRecord } from '../../../shared/db';
import { currentGameRecord } from './current-game-record';
import { getEngine } from '../../../../worker/client';
import { useFinishedGameHandoff } from '../finished-game';
import { randomUuid } from '../../../shared/ids';

/** Spec section 4: the computer replies 800 ms after a human move and opens after 500 ms. */
export const COMPUTER_REPLY_DELAY_MS = 800;
export const COMPUTER_OPENING_DELAY_MS = 500;

export interface GameSetup {
  gameMode: GameMode;
  playerColor: Color;
  difficulty: Difficulty;
}

interface GameRecordState {
  moves: string[];
  startedAt: number | null;
  /** Made with startedAt at the first move; saves the game exactly once (app/features/games/finished-game.ts). */
  gameId: string | null;
  /** The setup the game was started with; null until the first move, when Settings still apply. */
  lockedSetup: GameSetup | null;
}

const EMPTY_GAME: GameRecordState = { moves: [], startedAt: null, gameId: null, lockedSetup: null };

function restore(saved: CurrentGame | null): GameRecordState {
  if (saved === null || saved.moveHistory.length === 0) return EMPTY_GAME;
  const replayed = replayGame(saved.moveHistory);
  if (!replayed.ok) {
    console.warn('The saved game could not be replayed; starting a new one.', replayed.error.message);
    return EMPTY_GAME;
  }
  if (replayed.value.fen() !== saved.fen) {
    console.warn('The saved position differs from its move list; the move list wins.');
  }
  return {
    moves: saved.moveHistory,
    startedAt: saved.startedAt ?? Date.now(),
    gameId: saved.gameId ?? randomUuid(),
    lockedSetup: {
      gameMode: saved.gameMode ?? 'pvc',
      playerColor: saved.playerColor,
      difficulty: saved.difficulty ?? 'beginner',
    },
  };
}

/** The game record, restored from Dexie once as the screen opens; null until it is read. */
function useStoredRecord() {
  const [record, setRecord] = useState<GameRecordState | null>(null);
  useEffect(() => {
    let live = true;
    void readRecord(currentGameRecord).then((saved) => {
      if (live) setRecord(restore(saved));
    });
    return () => {
      live = false;
    };
  }, []);
  return [record, setRecord] as const;
}

type SetRecord = Dispatch<SetStateAction<GameRecordState | null>>;

/** The setup Settings ask for, kept the same object while they do not change. */
function useSettingsSetup(settings: ChessSettings | undefined): GameSetup | null {
  const { gameMode, playerColor, aiDifficulty } = settings ?? {};
  return useMemo(
    () => (gameMode && playerColor && aiDifficulty ? { gameMode, playerColor, difficulty: aiDifficulty } : null),
    [gameMode, playerColor, aiDifficulty],
  );
}

/** The position and what is derived from it, all from the moves. */
function usePosition(moves: string[] | undefined) {
  const game = useMemo(() => {
    const replayed = replayGame(moves ?? []);
    if (!replayed.ok) throw new Error(`Unreachable: stored moves were validated on load (${replayed.error.message})`);
    return replayed.value;
  }, [moves]);
  const end: GameEnd | null = useMemo(() => gameEnd(game), [game]);
  const lastMove = useMemo(() => {
    const history = game.history({ verbose: true });
    const last = history[history.length - 1];
    return last ? { from: last.from, to: last.to } : null;
  }, [game]);
  return { game, fen: game.fen(), turn: game.turn(), end, lastMove };
}

/** Save after every move (and when a new game clears the board). */
function useSaveGame(record: GameRecordState | null, fen: string, setup: GameSetup | null) {
  useEffect(() => {
    if (record === null || setup === null) return;
    const saved: CurrentGame = {
      fen,
      moveHistory: record.moves,
      playerColor: setup.playerColor,
      gameMode: setup.gameMode,
      difficulty: setup.difficulty,
      startedAt: record.startedAt,
      ...(record.gameId !== null ? { gameId: record.gameId } : {}),
    };
    void writeRecord(currentGameRecord, saved);
  }, [record, fen, setup]);
}

/** Plays a SAN-producing move on the current position; false (and logged) when illegal. */
function useCommitMove(record: GameRecordState | null, setup: GameSetup | null, setRecord: SetRecord) {
  return useCallback(
    (input: MoveInput, expectedMoves: readonly string[]): boolean => {
      if (record === null || setup === null) return false;
      const next = replayGame(expectedMoves);
      if (!next.ok) return false;
      const played = playMove(next.value, input);
      if (!played.ok) {
        console.warn(played.error.message);
        return false;
      }
      setRecord((current) => {
        if (current === null || current.moves !== expectedMoves) return current; // position moved on meanwhile
        return {
          moves: [...current.moves, played.value.san],
          startedAt: current.startedAt ?? Date.now(),
          gameId: current.gameId ?? randomUuid(),
          lockedSetup: current.lockedSetup ?? setup,
        };
      });
      return true;
    },
    [record, setup, setRecord],
  );
}

interface ComputerTurn {
  thinking: boolean;
  fen: string;
  moves: string[] | undefined;
  setup: GameSetup | null;
  commitMove: ReturnType<typeof useCommitMove>;
  setComputerError: Dispatch<SetStateAction<string | null>>;
}

/** The engine booted early in pvc, and the computer's reply when it is its turn. */
function useComputerReply({ thinking, fen, moves, setup, commitMove, setComputerError }: ComputerTurn) {
  // Against the computer, boot the engine as the screen opens so its first reply is not also its boot.
  const playsComputer = setup?.gameMode === 'pvc';
  useEffect(() => {
    if (playsComputer) getEngine();
  }, [playsComputer]);

  useEffect(() => {
    if (!thinking || setup === null || moves === undefined) return;
    // Leaving the position (New Game, leaving the screen) aborts the search.
    const controller = new AbortController();
    const delay = moves.length === 0 ? COMPUTER_OPENING_DELAY_MS : COMPUTER_REPLY_DELAY_MS;
    const timer = setTimeout(() => {
      getEngine()
        .run({ kind: 'move', fen, level: setup.difficulty }, { signal: controller.signal })
        .then((move) => {
          if (controller.signal.aborted) return;
          if (!commitMove(move, moves)) setComputerError(`the engine suggested an illegal move (${move.uci})`);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setComputerError(error instanceof Error ? error.message : String(error));
        });
    }, delay);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [thinking, fen, moves, setup, commitMove, setComputerError]);
}

interface BoardInputArgs {
  game: ReturnType<typeof usePosition>['game'];
  turn: Color;
  moves: string[] | undefined;
  boardDisabled: boolean;
  commitMove: ReturnType<typeof useCommitMove>;
}

/** The square picked up, the promotion waiting for its piece, and the board's ways to move. */
function useBoardInput({ game, turn, moves, boardDisabled, commitMove }: BoardInputArgs) {
  const [selected, setSelected] = useState<Square | null>(null);
  const [pendingPromotion, setPendingPromotion] = useState<{ from: Square; to: Square } | null>(null);

  /** Tries a move from the board. A promotion waits for the dialog. Returns whether it was made. */
  const attemptMove = useCallback(
    (from: Square, to: Square): boolean => {
      setSelected(null);
      if (boardDisabled || moves === undefined) return false;
      if (isPromotionMove(game, from, to)) {
        setPendingPromotion({ from, to });
        return false;
      }
      return commitMove({ from, to }, moves);
    },
    [boardDisabled, game, moves, commitMove],
  );

  const canPickUp = useCallback(
    (square: Square): boolean => {
      if (boardDisabled) return false;
      const piece = game.get(square);
      return piece !== undefined && piece.color === turn;
    },
    [boardDisabled, game, turn],
  );

  const clickSquare = useCallback(
    (square: Square) => {
      if (boardDisabled) return;
      if (selected !== null && selected !== square && legalTargets(game, selected).includes(square)) {
        attemptMove(selected, square);
        return;
      }
      setSelected(selected !== square && canPickUp(square) ? square : null);
    },
    [boardDisabled, selected, game, attemptMove, canPickUp],
  );

  const choosePromotion = useCallback(
    (piece: PromotionPiece) => {
      if (pendingPromotion === null || moves === undefined) return;
      setPendingPromotion(null);
      commitMove({ ...pendingPromotion, promotion: piece }, moves);
    },
    [pendingPromotion, moves, commitMove],
  );

  /** A typed move (issue 31): it names its promotion piece, so it needs no dialog. */
  const playTyped = useCallback(
    (move: MoveInput): boolean => {
      if (boardDisabled || moves === undefined) return false;
      setSelected(null);
      return commitMove(move, moves);
    },
    [boardDisabled, moves, commitMove],
  );

  const cancelPromotion = useCallback(() => setPendingPromotion(null), []);
  /** Drops what was picked up and any promotion waiting (undo, new game). */
  const clearInput = useCallback(() => {
    setSelected(null);
    setPendingPromotion(null);
  }, []);

  return { selected, pendingPromotion, attemptMove, playTyped, canPickUp, clickSquare, choosePromotion, cancelPromotion, clearInput };
}

interface GameActionsArgs {
  thinking: boolean;
  undoCount: number;
  locked: boolean;
  clearInput: () => void;
  setComputerError: Dispatch<SetStateAction<string | null>>;
  setRecord: SetRecord;
}

/** Undo, New Game and a retry after the engine failed. */
function useGameActions({ thinking, undoCount, locked, clearInput, setComputerError, setRecord }: GameActionsArgs) {
  const undo = useCallback(() => {
    if (thinking || undoCount === 0) return;
    clearInput();
    setComputerError(null);
    setRecord((current) => (current === null ? current : { ...current, moves: current.moves.slice(0, current.moves.length - undoCount) }));
  }, [thinking, undoCount, clearInput, setComputerError, setRecord]);

  const newGame = useCallback(() => {
    if (locked) return; // a search for the computer's move stops as the position goes (the reply effect's abort)
    clearInput();
    setComputerError(null);
    setRecord(EMPTY_GAME);
  }, [locked, clearInput, setComputerError, setRecord]);

  /** Boots a fresh engine when the last one failed; the move request that follows waits for it. */
  const retryComputer = useCallback(() => {
    const engine = getEngine();
    if (engine.state === 'failed') engine.init().catch(() => {}); // a new failure rejects the move request too
    setComputerError(null);
  }, [setComputerError]);

  return { undo, newGame, retryComputer };
}

/**
 * `locked`: today's play time is used up (Settings → Time Management): the board takes no move
 * and New Game waits; the game on the board stays saved for tomorrow.
 */
export function useGame(settings: ChessSettings | undefined, { locked = false }: { locked?: boolean } = {}) {
  const [record, setRecord] = useStoredRecord();
  const [computerError, setComputerError] = useState<string | null>(null);
  const settingsSetup = useSettingsSetup(settings);
  const setup: GameSetup | null = record?.lockedSetup ?? settingsSetup;
  const moves = record?.moves;
  const { game, fen, turn, end, lastMove } = usePosition(moves);

  const ready = record !== null && setup !== null;
  const computersTurn = ready && setup.gameMode === 'pvc' && turn !== setup.playerColor && end === null;
  const thinking = computersTurn && computerError === null;
  const boardDisabled = !ready || end !== null || computersTurn || locked;

  useFinishedGameHandoff({
    gameId: record?.gameId ?? null, moves: moves ?? [], startedAt: record?.startedAt ?? null, setup, end, computerFailed: computerError !== null,
  });
  useSaveGame(record, fen, setup);
  const commitMove = useCommitMove(record, setup, setRecord);
  useComputerReply({ thinking, fen, moves, setup, commitMove, setComputerError });
  const input = useBoardInput({ game, turn, moves, boardDisabled, commitMove });
  const undoCount = setup !== null && moves !== undefined ? movesToUndo(moves.length, setup.gameMode, setup.playerColor) : 0;
  const actions = useGameActions({ thinking, undoCount, locked, clearInput: input.clearInput, setComputerError, setRecord });
  const { selected } = input;

  return {
    ready,
    /** Made at the first move; null before it. */
    gameId: record?.gameId ?? null,
    /** Started and not over: what the daily play time counts. */
    inProgress: ready && (moves?.length ?? 0) > 0 && end === null,
    locked,
    setup,
    fen,
    turn,
    moves: moves ?? [],
    end,
    lastMove,
    inCheck: game.isCheck(),
    selected,
    targets: selected === null ? [] : legalTargets(game, selected),
    pendingPromotion: input.pendingPromotion,
    thinking,
    computerError,
    boardDisabled,
    canUndo: undoCount > 0 && !thinking,
    clickSquare: input.clickSquare,
    attemptMove: input.attemptMove,
    playTyped: input.playTyped,
    canPickUp: input.canPickUp,
    choosePromotion: input.choosePromotion,
    cancelPromotion: input.cancelPromotion,
    undo: actions.undo,
    newGame: actions.newGame,
    retryComputer: actions.retryComputer,
    kingSquare: (color: Color) => game.findPiece({ type: 'k', color })[0] ?? null,
    pieceAt: (square: Square) => game.get(square),
  };
}
export type GameController = ReturnType<typeof useGame>;
