import { benchmarks } from '@/content/home';
import { Section } from './section';
import { uiCopy } from '@/content/ui';

export function Benchmarks() {
  return (
    <Section id="benchmarks" heading={benchmarks.heading} intro={benchmarks.body}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {benchmarks.items.map((item) => (
          <li
            key={item.title}
            className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6"
          >
            {/* The figure is part of the heading, so moving by headings hears "50% of after-hours
                calls are missed", not the sentence's second half. */}
            <h3 className="flex flex-col">
              <span className="text-4xl font-extrabold tracking-tight text-brand-700">
                {item.metric}
              </span>{' '}
              <span className="mt-2 font-bold text-ink-900">{item.title}</span>
            </h3>
            <p className="mt-2 flex-1 text-sm text-ink-700">{item.description}</p>
            <p className="mt-4 border-t border-ink-100 pt-3 text-xs text-ink-600">
              <span className="font-semibold">{uiCopy.sourceLabel}</span> {item.source}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
