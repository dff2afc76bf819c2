import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useScreenReaderBoard } from './screen-reader-board';
import { answerCommand, moveBetween, parseBoardCommand, speakMove, type CommandError, type MoveInput, type MoveWords } from '../../../../domain';
import { useChessWords } from '../../i18n/chess-words';

/** How many lines the log keeps in the page; a screen reader's own history keeps the rest. */
const LOG_LINES = 30;

interface Line {
  id: number;
  text: string;
}

/** A verdict to announce once per `id` (a puzzle's status, a lesson's try). */
export interface Verdict {
  id: string | number;
  text: string;
}

/**
 * A screen's own words for each position, once per `id`, in place of the moves the log works
 * out (replay says a jump or a step back too); `lastMove` is what the 'last' command says.
 */
export interface Narration extends Verdict {
  lastMove: string | null;
}

/** Appends each verdict once, however often the effect runs (React's development mode runs it twice). */
function useSayOnce(verdict: Verdict | null, append: (text: string) => void) {
  const heard = useRef<string | null>(null);
  const verdictKey = verdict ? `${verdict.id}\u0000${verdict.text}` : null;
  useEffect(() => {
    if (verdictKey === heard.current) return;
    heard.current = verdictKey;
    if (verdictKey !== null) append(verdictKey.split('\u0000')[1]!);
  }, [verdictKey, append]);
}

/**
 * The move log: every move the position shows, by either side, in words, and the verdicts.
 * A move is read off the position's change (the move from `lastMove.from` to `lastMove.to`
 * that turns the last position into this one), so the boards need not report their moves;
 * a reset, an undo or a jump of several moves says nothing.
 */
function useMoveLog(fen: string, lastMove: { from: string; to: string } | null, verdict: Verdict | null, narration: Narration | null, words: MoveWords) {
  const [lines, setLines] = useState<Line[]>([]);
  const [lastSpoken, setLastSpoken] = useState<string | null>(null);
  const previous = useRef(fen);
  const nextId = useRef(0);
  const append = useCallback((text: string) => setLines((current) => [...current.slice(1 - LOG_LINES), { id: nextId.current++, text }]), []);
  const narrated = narration !== null;

  useEffect(() => {
    const before = previous.current;
    previous.current = fen;
    if (before === fen || narrated) return;
    const move = lastMove && moveBetween(before, fen, lastMove.from, lastMove.to);
    if (!move) {
      setLastSpoken(null); // an undo or a new position: the last move is no longer the one heard
      return;
    }
    const spoken = speakMove(move, words);
    setLastSpoken(spoken);
    append(spoken);
  }, [fen, lastMove, append, narrated, words]);

  useSayOnce(verdict, append);
  useSayOnce(narration, append);

  // Before any move was heard here (a restored game, a puzzle's start), the board's own last move.
  const { i18n } = useLingui();
  const last = narration ? narration.lastMove : (lastSpoken ?? (lastMove ? squaresOfMove(i18n, lastMove) : null));
  return { lines, last };
}

/** 'e2 to e4': a move the log did not hear, by its squares. */
function squaresOfMove(i18n: I18n, { from, to }: { from: string; to: string }): string {
  return i18n._(msg`${from} to ${to}`);
}

interface BoardSpeechProps {
  fen: string;
  lastMove: { from: string; to: string } | null;
  /** Plays a typed move; undefined while the board takes none. False when it was not played. */
  onMove?: (move: MoveInput) => boolean;
  verdict?: Verdict | null;
  /** The box only reads the position (a replay): it is named for commands and plays no move. */
  commandsOnly?: boolean;
  /** The screen's own words for each position; the log then does not work out moves itself. */
  narration?: Narration | null;
}

/** The refusals of a line that was meant as a move. */
const MOVE_ERRORS: ReadonlySet<CommandError['code']> = new Set(['ERR_ILLEGAL_MOVE', 'ERR_AMBIGUOUS_MOVE', 'ERR_PROMOTION_PIECE']);

// The commands and moves in the help lines are typed as they are, in every language.
const ENTRY_TEXT = {
  moves: { label: msg`Type a move`, help: msg`Such as Nf3, e4, O-O or g1f3; or board, turn, last, help.` },
  commands: { label: msg`Type a command`, help: msg`Such as board, p N, s e, turn, last or help.` },
} as const;

/**
 * Beside every board that takes moves (issue 31): the move log (a polite live region, in the
 * page from the start, so each move is heard) and the 'Type a move' box, which plays SAN or UCI
 * and answers Lichess blind mode's reading commands; its answer is a second live region.
 */
export function BoardSpeech({ fen, lastMove, onMove, verdict = null, commandsOnly = false, narration = null }: BoardSpeechProps) {
  const words = useChessWords();
  const { lines, last } = useMoveLog(fen, lastMove, verdict, narration, words);
  const { i18n, t } = useLingui();
  // With 'Board for screen readers' the box is where moves are made, and the log is shown too.
  const textOnly = useScreenReaderBoard();
  const logTitleId = useId();
  const entry = ENTRY_TEXT[commandsOnly ? 'commands' : 'moves'];
  const [answer, setAnswer] = useState<Line | null>(null);
  const [text, setText] = useState('');
  const inputId = useId();
  const helpId = useId();
  const answers = useRef(0);
  const say = (words: string) => setAnswer({ id: answers.current++, text: words });

  // As in Lichess's blind mode the box is emptied after each line; the answer repeats what was typed.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setText('');
    const parsed = parseBoardCommand(text, fen, words);
    // Beside a board that only shows (replay), any move, legal here or not, gets the same answer.
    if (commandsOnly && (parsed.ok ? parsed.value.kind === 'move' : MOVE_ERRORS.has(parsed.error.code))) return say(t`Moves are not played here. Type help for the commands.`);
    if (!parsed.ok) return say(parsed.error.message);
    const command = parsed.value;
    if (commandsOnly && command.kind === 'help') return say(words.readingHelp());
    if (command.kind !== 'move') return say(answerCommand(command, fen, last, words));
    if (onMove === undefined || !onMove(command.move)) return say(t`The board is not taking moves now`);
    // The move log says the move; the answer line is emptied so it is not heard twice.
    setAnswer(null);
  };

  return (
    <div className="board-speech">
      <form className="board-speech__entry" onSubmit={submit}>
        <label htmlFor={inputId}>{i18n._(entry.label)}</label>
        <input
          id={inputId}
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="send"
          autoFocus={textOnly && !commandsOnly}
          aria-describedby={helpId}
        />
        <button type="submit" className="button"><Trans>Go</Trans></button>
      </form>
      <p id={helpId} className="board-speech__help">{i18n._(entry.help)}</p>
      {/* Both regions are in the page before their text changes, so screen readers announce the change. */}
      <p className="board-speech__answer" role="status" data-testid="move-answer">
        {answer && <span key={answer.id}>{answer.text}</span>}
      </p>
      {textOnly && <h2 id={logTitleId} className="board-speech__log-title"><Trans>Moves</Trans></h2>}
      <div
        className={textOnly ? 'board-speech__log' : 'visually-hidden'}
        role="log"
        aria-live="polite"
        aria-label={textOnly ? undefined : t`Moves`}
        aria-labelledby={textOnly ? logTitleId : undefined}
        data-testid="move-log"
      >
        {lines.map((line) => <p key={line.id}>{line.text}</p>)}
      </div>
    </div>
  );
}
