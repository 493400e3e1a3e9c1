import type { ServiceItem } from '@/content/types';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { Section } from './section';
import { CheckList } from '@/components/ui/check-list';

/** A section of feature cards (service items, docs/product.md section 4.14). */
export function FeatureGrid({
  id,
  heading,
  intro,
  items,
  columns = 2,
  tone,
}: {
  id: string;
  heading: string;
  intro?: string;
  items: readonly ServiceItem[];
  columns?: 2 | 3 | 4;
  tone?: 'light' | 'muted';
}) {
  return (
    <Section id={id} heading={heading} intro={intro} tone={tone}>
      <ul
        className={cn(
          'grid gap-6',
          columns === 2 && 'md:grid-cols-2',
          columns === 3 && 'md:grid-cols-3',
          columns === 4 && 'sm:grid-cols-2 lg:grid-cols-4',
        )}
      >
        {items.map((item) => (
          <li
            key={item.title}
            className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm"
          >
            {item.icon && (
              <span className="mb-4 grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-700">
                <Icon name={item.icon} className="size-6" />
              </span>
            )}
            <h3 className="text-xl font-bold text-ink-900">{item.title}</h3>
            <p className="mt-2 text-ink-700">{item.description}</p>
            {item.features.length > 0 && <CheckList items={item.features} className="mt-4" />}
          </li>
        ))}
      </ul>
    </Section>
  );
}
