import { AppLink } from '@/components/ui/app-link';
import { ArrowRight } from '@/components/ui/svg-icons';
import { services } from '@/content/home';
import { Icon } from '@/components/ui/icon';
import { Section } from './section';

export function Services() {
  return (
    <Section id="services" heading={services.heading} intro={services.body} tone="muted">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.cards.map((card) => (
          <li
            key={card.id}
            className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm"
          >
            <span className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-700">
              <Icon name={card.icon} className="size-6" />
            </span>
            <h3 className="mt-4 text-xl font-bold text-ink-900">{card.title}</h3>
            <p className="mt-2 text-ink-700">{card.blurb}</p>
            <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm text-ink-600">
              {card.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
            <AppLink
              href={card.href}
              data-learn-more
              className="mt-5 inline-flex items-center gap-1 self-start rounded font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {card.ctaLabel}
              <span className="sr-only">about {card.title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </AppLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
