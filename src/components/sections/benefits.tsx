import { benefits } from '@/content/home';
import { Icon } from '@/components/ui/icon';
import { Section } from './section';
import { CheckList } from '@/components/ui/check-list';

export function Benefits() {
  return (
    <Section id="benefits" heading={benefits.heading} intro={benefits.body}>
      <ul className="grid gap-6 md:grid-cols-2">
        {benefits.cards.map((card) => (
          <li key={card.title} className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-700">
                <Icon name={card.icon} className="size-6" />
              </span>
              <h3 className="text-xl font-bold text-ink-900">{card.title}</h3>
            </div>
            <p className="mt-3 text-ink-700">{card.description}</p>
            <CheckList items={card.features} className="mt-4" />
          </li>
        ))}
      </ul>
    </Section>
  );
}
