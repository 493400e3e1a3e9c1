export type BarRow = { label: string; value: number; display: string };

const ROW_HEIGHT = 52;
const BAR_Y = 26;
const BAR_HEIGHT = 16;

/**
 * A horizontal bar chart in hand-written SVG without a viewBox: bars sized in percent, text at its
 * real size, so it stays legible at 320 px and takes its final height in the first frame.
 */
export function BarChart({
  id,
  title,
  description,
  rows,
  barClassName,
}: {
  id: string;
  title: string;
  description: string;
  rows: readonly BarRow[];
  barClassName: string;
}) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  const height = rows.length * ROW_HEIGHT - (ROW_HEIGHT - BAR_Y - BAR_HEIGHT);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      width="100%"
      height={height}
      className="block overflow-visible"
      data-chart={id}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {rows.map((row, index) => {
        const top = index * ROW_HEIGHT;
        // A non-zero value always shows at least a sliver of bar.
        const percent = max > 0 && row.value > 0 ? Math.max(0.75, (row.value / max) * 100) : 0;
        return (
          <g key={row.label}>
            <text x="0" y={top + 16} className="fill-ink-800 text-sm font-medium">
              {row.label}
            </text>
            <text
              x="100%"
              y={top + 16}
              textAnchor="end"
              className="fill-ink-900 text-sm font-bold tabular-nums"
            >
              {row.display}
            </text>
            <rect
              x="0"
              y={top + BAR_Y}
              width="100%"
              height={BAR_HEIGHT}
              rx={BAR_HEIGHT / 2}
              className="fill-ink-100"
            />
            <rect
              x="0"
              y={top + BAR_Y}
              width={`${percent.toFixed(2)}%`}
              height={BAR_HEIGHT}
              rx={BAR_HEIGHT / 2}
              data-bar
              className={`${barClassName} origin-left scale-x-100 transition-[scale] duration-700 ease-out [transform-box:fill-box] starting:scale-x-0 motion-reduce:transition-none`}
            />
          </g>
        );
      })}
    </svg>
  );
}
