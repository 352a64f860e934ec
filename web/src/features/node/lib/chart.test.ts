import { layoutChart, niceMax } from './chart';

describe('niceMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [12, 20],
    [230, 250],
    [999, 1000],
    [1001, 2000],
  ])('rounds %d up to %d', (value, nice) => {
    expect(niceMax(value)).toBe(nice);
  });
});

describe('layoutChart', () => {
  const days = [
    { day: '2026-01-01', count: 0 },
    { day: '2026-01-02', count: 5 },
    { day: '2026-01-03', count: 10 },
    { day: '2026-01-04', count: 1 },
  ];

  it('scales bars to the nice maximum, oldest day first, bottoms on the axis', () => {
    const chart = layoutChart(days, 400, 100);
    expect(chart.max).toBe(10);
    expect(chart.total).toBe(16);
    expect(chart.ticks).toEqual([0, 5, 10]);
    expect(chart.bars.map((b) => b.x)).toEqual([0, 100, 200, 300]);
    expect(chart.bars.map((b) => b.height)).toEqual([0, 50, 100, 10]);
    for (const bar of chart.bars) expect(bar.y + bar.height).toBe(100);
  });

  it('keeps a tiny non-zero day visible and handles an empty or all-zero series', () => {
    const chart = layoutChart(
      [
        { day: 'a', count: 1 },
        { day: 'b', count: 1000 },
      ],
      90,
      100,
    );
    expect(chart.bars[0]?.height).toBe(1);
    expect(layoutChart([], 100, 100)).toEqual({ bars: [], max: 1, ticks: [0, 0.5, 1], total: 0 });
    expect(layoutChart([{ day: 'a', count: 0 }], 100, 100).bars[0]?.height).toBe(0);
  });
});
