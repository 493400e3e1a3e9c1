import { Check } from 'lucide-react';
import { benefits } from '@/content/home';
import { Icon } from '@/components/ui/icon';
import { Section } from './section';

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
            <ul className="mt-4 space-y-2">
              {card.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-ink-700">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
