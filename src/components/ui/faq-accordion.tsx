import { ChevronDown } from '@/components/ui/svg-icons';
import type { FaqItem } from '@/content/types';

/** An exclusive accordion on <details name> (docs/product.md section 5.3), no JavaScript. */
export function FaqAccordion({ items, name }: { items: readonly FaqItem[]; name: string }) {
  return (
    <div className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {items.map((item) => (
        <details key={item.question} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink-900 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-ink-600 transition-transform group-open:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          <div className="px-5 pb-5 text-ink-700">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
