import type { FaqItem } from '@/content/types';
import { FaqAccordion } from '@/components/ui/faq-accordion';
import { Section } from './section';

export function Faq({ heading, items }: { heading: string; items: readonly FaqItem[] }) {
  return (
    <Section id="faq" heading={heading} tone="muted">
      <div className="mx-auto max-w-3xl">
        <FaqAccordion items={items} name="faq" />
      </div>
    </Section>
  );
}
