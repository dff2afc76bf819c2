import { describe, expect, it } from 'vitest';
import { ratingChart } from './rating-chart';

const box = { width: 300, height: 120, padding: 10 };

describe('the rating chart', () => {
  it('is nothing without history', () => {
    expect(ratingChart([], box)).toBeNull();
  });

  it('puts a single point in the middle of a 100-point range', () => {
    const chart = ratingChart([{ date: '2026-11-01', rating: 1200 }], box)!;
    expect(chart.min).toBe(1150);
    expect(chart.max).toBe(1250);
    expect(chart.points[0]).toMatchObject({ x: 150, y: 60 });
    expect(chart.path).toBe('M150,60');
  });

  it('spans the history left to right, higher ratings higher up, range rounded to fifties', () => {
    const chart = ratingChart(
      [
        { date: 'a', rating: 1200 },
        { date: 'b', rating: 1237 },
        { date: 'c', rating: 1188 },
        { date: 'd', rating: 1321 },
      ],
      box,
    )!;
    expect(chart.min).toBe(1150);
    expect(chart.max).toBe(1350);
    expect(chart.points.map((p) => p.x)).toEqual([10, 103.3, 196.7, 290]);
    expect(chart.points[3]!.y).toBeLessThan(chart.points[0]!.y);
    expect(chart.points[0]!.y).toBe(85); // 10 + (1350 - 1200) / 200 × 100
    expect(chart.path.startsWith('M10,85 L103.3,')).toBe(true);
  });
});
