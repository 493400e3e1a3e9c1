import { Check, X } from '@/components/ui/svg-icons';
import { Section } from './section';

type Column = { title: string; items: readonly string[] };

/** A two-column comparison: the situation today and with automation. */
export function BeforeAfter({
  id,
  heading,
  intro,
  before,
  after,
}: {
  id: string;
  heading: string;
  intro?: string;
  before: Column;
  after: Column;
}) {
  return (
    <Section id={id} heading={heading} intro={intro}>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl border border-ink-200 bg-ink-50 p-6">
          <h3 className="text-xl font-bold text-ink-900">{before.title}</h3>
          <ul className="mt-4 space-y-3">
            {before.items.map((item) => (
              <li key={item} className="flex gap-3 text-ink-700">
                <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
          <h3 className="text-xl font-bold text-ink-900">{after.title}</h3>
          <ul className="mt-4 space-y-3">
            {after.items.map((item) => (
              <li key={item} className="flex gap-3 text-ink-800">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
