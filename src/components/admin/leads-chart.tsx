import { formNames, overviewCopy } from '@/content/admin';
import { leadForms, type LeadForm } from '@/lib/lead-forms';
import { fill } from '@/lib/fill';
import { ScrollRegion } from './scroll-region';

// One colour per form, each at least 3:1 against white (WCAG 1.4.11), told apart in the legend and the table too.
const colours: Record<LeadForm, string> = {
  'growth-audit': 'fill-brand-600',
  demo: 'fill-sky-700',
  contact: 'fill-emerald-700',
  'aria-signup': 'fill-amber-700',
};
const swatches: Record<LeadForm, string> = {
  'growth-audit': 'bg-brand-600',
  demo: 'bg-sky-700',
  contact: 'bg-emerald-700',
  'aria-signup': 'bg-amber-700',
};

/**
 * Leads per day by form as stacked bars, drawn on the server as SVG (no chart library, no script).
 * The figure is described by the data table that follows it, which screen readers use instead.
 */
export function LeadsChart({
  days,
}: {
  days: Array<{ day: string; counts: Record<LeadForm, number> }>;
}) {
  const totals = days.map((day) => leadForms.reduce((sum, form) => sum + day.counts[form], 0));
  const max = Math.max(1, ...totals);
  const width = 600;
  const height = 200;
  const bar = width / days.length;
  // Room either side for a date label centred under the first or last bar.
  const margin = 16;
  const title = fill(overviewCopy.perDay, { days: days.length });
  return (
    // Named by its title: the caption below is only the legend.
    <figure className="mt-4" aria-label={title}>
      {/* Never narrower than its labels can be read (about 10 px): on a phone it scrolls instead,
          opening on the newest days (the row is reversed, so its scroll starts at the right). */}
      <ScrollRegion
        label={overviewCopy.chartRegion}
        className="relative flex flex-row-reverse overflow-x-auto"
      >
        <svg
          viewBox={`${-margin} 0 ${width + 2 * margin} ${height + 20}`}
          role="img"
          aria-labelledby="chart-title chart-description"
          className="h-auto w-full min-w-[40rem]"
        >
          <title id="chart-title">{title}</title>
          <desc id="chart-description">{overviewCopy.chartDescription}</desc>
          <line x1="0" y1={height} x2={width} y2={height} className="stroke-ink-300" />
          {days.map((day, index) => {
            let y = height;
            return (
              <g key={day.day}>
                {leadForms.map((form) => {
                  const h = (day.counts[form] / max) * (height - 10);
                  y -= h;
                  return h > 0 ? (
                    <rect
                      key={form}
                      x={index * bar + 2}
                      y={y}
                      width={bar - 4}
                      height={h}
                      className={colours[form]}
                    />
                  ) : null;
                })}
                {index % 5 === 0 && (
                  <text
                    x={index * bar + bar / 2}
                    y={height + 15}
                    textAnchor="middle"
                    className="fill-ink-700 text-[10px]"
                  >
                    {day.day.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </ScrollRegion>
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-label={overviewCopy.legend}>
          {leadForms.map((form) => (
            <li key={form} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`inline-block size-3 rounded-sm ${swatches[form]}`}
              />
              {formNames[form]}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
