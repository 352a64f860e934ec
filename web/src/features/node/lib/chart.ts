/** One day of the downloads chart. */
export interface DayCount {
  day: string;
  count: number;
}

/** A bar of the chart in the SVG's coordinate space (x grows from the oldest day). */
export interface Bar {
  day: string;
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The chart's geometry: bars, the top of the scale, and the axis ticks. */
export interface ChartLayout {
  bars: Bar[];
  max: number;
  ticks: number[];
  total: number;
}

/** A "nice" top for the scale: 1, 2, 2.5 or 5 times a power of ten, at least `value` (and ≥ 1). */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/**
 * Lays out daily counts as bars in a `width` × `height` box. Every day gets the same slot; a day
 * with downloads is at least 1 unit tall so it stays visible; ticks are 0, half and the top.
 */
export function layoutChart(days: DayCount[], width: number, height: number): ChartLayout {
  const counts = days.map((d) => Math.max(0, d.count));
  const total = counts.reduce((sum, c) => sum + c, 0);
  const max = niceMax(Math.max(0, ...counts));
  const slot = days.length > 0 ? width / days.length : width;
  const gap = slot > 4 ? 1 : 0;
  const bars = days.map((d, i) => {
    const count = counts[i] ?? 0;
    const raw = (count / max) * height;
    const barHeight = count > 0 ? Math.max(1, raw) : 0;
    return {
      day: d.day,
      count,
      x: i * slot,
      y: height - barHeight,
      width: Math.max(slot - gap, 0.5),
      height: barHeight,
    };
  });
  return { bars, max, ticks: [0, max / 2, max], total };
}
