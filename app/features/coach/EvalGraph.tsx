import type { KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ReviewedMove } from '../../../domain/coach';
import { categoryLabel, moveLabel } from './presentation';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 6;

interface EvalGraphProps {
  moves: readonly ReviewedMove[];
  /** The selected move's ply (ReviewedMove.ply), or null. */
  selected: number | null;
  onSelect: (ply: number) => void;
}

/**
 * White's Win% after every move (above the middle line White is better), as Lichess draws it.
 * Each point is a button: clicking it, or Enter on it, shows that move on the board; the arrow
 * keys step along the game.
 */
export function EvalGraph({ moves, selected, onSelect }: EvalGraphProps) {
  const { t, i18n } = useLingui();
  if (moves.length === 0) return null;
  const x = (ply: number) => PAD + (moves.length === 1 ? (WIDTH - 2 * PAD) / 2 : (ply * (WIDTH - 2 * PAD)) / (moves.length - 1));
  const y = (winPercent: number) => PAD + ((100 - winPercent) * (HEIGHT - 2 * PAD)) / 100;
  const line = moves.map((move, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(move.whiteWinPercent).toFixed(1)}`).join(' ');
  const area = `${line} L${x(moves.length - 1).toFixed(1)},${HEIGHT - PAD} L${x(0).toFixed(1)},${HEIGHT - PAD} Z`;

  const selectedIndex = moves.findIndex((move) => move.ply === selected);
  const onKeyDown = (event: KeyboardEvent<SVGElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(moves[index]!.ply);
    } else if (step !== 0) {
      event.preventDefault();
      const next = moves[Math.min(moves.length - 1, Math.max(0, index + step))]!;
      onSelect(next.ply);
      (event.currentTarget.parentNode?.querySelector(`[data-ply="${next.ply}"]`) as SVGElement | null)?.focus();
    }
  };

  return (
    <svg className="eval-graph" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={t`Evaluation graph: White's winning chances after each move`} data-testid="eval-graph">
      <rect className="eval-graph__black" x={0} y={0} width={WIDTH} height={HEIGHT} />
      <path className="eval-graph__white" d={area} />
      <line className="eval-graph__middle" x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
      <path className="eval-graph__line" d={line} fill="none" />
      {selectedIndex >= 0 && <line className="eval-graph__cursor" x1={x(selectedIndex)} x2={x(selectedIndex)} y1={0} y2={HEIGHT} />}
      {moves.map((move, index) => {
        const label = moveLabel(move.fenBefore, move.san);
        const category = i18n._(categoryLabel(move.classification.category));
        const whitePercent = Math.round(move.whiteWinPercent);
        return (
        <circle
          key={move.ply}
          data-ply={move.ply}
          className={`eval-graph__point category--${move.classification.category}${index === selectedIndex ? ' eval-graph__point--selected' : ''}`}
          cx={x(index)}
          cy={y(move.whiteWinPercent)}
          r={index === selectedIndex ? 7 : 5}
          role="button"
          tabIndex={index === Math.max(0, selectedIndex) ? 0 : -1}
          aria-label={t`${label}, ${category}, White ${whitePercent}%`}
          aria-pressed={index === selectedIndex}
          onClick={() => onSelect(move.ply)}
          onKeyDown={(event) => onKeyDown(event, index)}
        />
        );
      })}
    </svg>
  );
}
