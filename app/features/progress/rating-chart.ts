/**
 * The rating chart's geometry: points of the rating history scaled into an SVG box, with a
 * y-range rounded out to whole fifties (at least 100 points tall, so a flat line sits in the
 * middle instead of on an edge). Pure.
 */
export interface ChartBox {
  width: number;
  height: number;
  padding: number;
}

export interface ChartGeometry {
  points: { x: number; y: number; rating: number; date: string }[];
  path: string;
  min: number;
  max: number;
}

export function ratingChart(history: readonly { date: string; rating: number }[], box: ChartBox): ChartGeometry | null {
  if (history.length === 0) return null;
  const ratings = history.map((point) => point.rating);
  let min = Math.floor(Math.min(...ratings) / 50) * 50;
  let max = Math.ceil(Math.max(...ratings) / 50) * 50;
  if (max - min < 100) {
    const middle = (min + max) / 2;
    min = Math.floor((middle - 50) / 50) * 50;
    max = min + 100;
  }
  const innerWidth = box.width - 2 * box.padding;
  const innerHeight = box.height - 2 * box.padding;
  const step = history.length === 1 ? 0 : innerWidth / (history.length - 1);
  const points = history.map((point, i) => ({
    x: round(box.padding + (history.length === 1 ? innerWidth / 2 : i * step)),
    y: round(box.padding + ((max - point.rating) / (max - min)) * innerHeight),
    rating: point.rating,
    date: point.date,
  }));
  const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
  return { points, path, min, max };
}

const round = (n: number) => Math.round(n * 10) / 10;
