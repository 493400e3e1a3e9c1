import { Check, X } from '@/components/ui/svg-icons';
import { Section } from './section';

type Column = { title: string; items: readonly string[] };

// Today's column in neutral greys with crosses; automation's in the brand colour with ticks.
const sides = {
  before: { box: 'border-ink-200 bg-ink-50', text: 'text-ink-700', Icon: X, icon: 'text-red-700' },
  after: {
    box: 'border-brand-200 bg-brand-50',
    text: 'text-ink-800',
    Icon: Check,
    icon: 'text-brand-700',
  },
} as const;

function Side({ column, side }: { column: Column; side: keyof typeof sides }) {
  const { box, text, Icon, icon } = sides[side];
  return (
    <div className={`rounded-2xl border p-6 ${box}`}>
      <h3 className="text-xl font-bold text-ink-900">{column.title}</h3>
      <ul className="mt-4 space-y-3">
        {column.items.map((item) => (
          <li key={item} className={`flex gap-3 ${text}`}>
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${icon}`} />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

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
        <Side column={before} side="before" />
        <Side column={after} side="after" />
      </div>
    </Section>
  );
}
