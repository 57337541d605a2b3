// A small bar chart drawn in SVG by hand (ADR 010): one series of daily figures, no library.
// The picture is one image to assistive technology (role="img" with a summary as its name);
// the exact figures are in the table beside it, never only in the picture.

/** ChartPoint is one bar: its day ("YYYY-MM-DD"), its value, and how the value is written. */
export type ChartPoint = { day: string; value: number; label: string };

const width = 480;
const height = 160;
// The right margin leaves room for half of the last day's label, centred under its bar.
const pad = { top: 10, right: 20, bottom: 26, left: 56 };

/**
 * niceCeiling rounds a maximum up to 1, 2, 2.5 or 5 times a power of ten, so the axis reads in
 * round figures; 0 stays 1 (an empty chart still has a scale).
 */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (max <= step * power) return step * power;
  }
  return 10 * power;
}

/**
 * BarChart draws one bar a day, with the axis at zero, half and the top. `summary` is the
 * chart's accessible name (what a screen reader says for the whole picture); `formatAxis`
 * writes the axis's figures. Each bar carries a <title> for a pointer's tooltip.
 */
export function BarChart({
  points,
  summary,
  formatAxis,
  formatDay,
}: {
  points: ChartPoint[];
  summary: string;
  formatAxis: (value: number) => string;
  formatDay: (day: string) => string;
}) {
  const top = niceCeiling(Math.max(0, ...points.map((p) => p.value)));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const slot = innerW / Math.max(points.length, 1);
  const barW = Math.max(1, slot * 0.7);
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  // Label at most ~8 days along the bottom, counted back from the last (today), so today always
  // has its label and the labels are evenly spaced.
  const every = Math.max(1, Math.ceil(points.length / 8));
  const last = points.length - 1;
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={summary}
      preserveAspectRatio="xMidYMid meet"
    >
      {[0, top / 2, top].map((tick) => (
        <g key={tick} className="bar-chart__tick">
          <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} />
          <text x={pad.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
            {formatAxis(tick)}
          </text>
        </g>
      ))}
      {points.map((p, i) => {
        const x = pad.left + i * slot + (slot - barW) / 2;
        const h = (p.value / top) * innerH;
        const showDay = (last - i) % every === 0;
        return (
          <g key={p.day}>
            <rect className="bar-chart__bar" x={x} y={y(p.value)} width={barW} height={Math.max(h, 0)}>
              <title>{`${formatDay(p.day)}: ${p.label}`}</title>
            </rect>
            {showDay ? (
              <text className="bar-chart__day" x={x + barW / 2} y={height - 6} textAnchor="middle">
                {formatDay(p.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
