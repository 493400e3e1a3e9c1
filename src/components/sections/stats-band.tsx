import type { StatsBandContent } from '@/content/types';

export function StatsBand({ content }: { content: StatsBandContent }) {
  return (
    <section aria-label={content.label} className="bg-brand-800 text-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 text-center sm:px-6 lg:grid-cols-4">
        {content.items.map((stat) => (
          // The figure shows above its label but follows it in the markup (a <dl> names, then
          // gives). Its row is at least a line high, so a label painted before its figure never
          // moves; a figure that wraps (a narrow phone, larger text) grows it instead of overlapping.
          <div key={stat.label} className="grid grid-rows-[minmax(2.5rem,auto)_auto]">
            <dt className="row-start-2 mt-1 text-brand-100">{stat.label}</dt>
            <dd className="row-start-1 text-4xl font-extrabold tracking-tight break-words hyphens-auto">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
