import type { ServiceAction, ServicePageContent } from '@/content/pages/services/types';
import { OpenChatLink } from '@/components/chat/open-chat-link';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { PageHero } from './page-hero';
import { Section } from './section';
import { CheckList } from '@/components/ui/check-list';

function Action({ action, variant }: { action: ServiceAction; variant: 'primary' | 'secondary' | 'inverse' }) {
  const className = buttonClass(variant, 'lg');
  return action.kind === 'chat' ? (
    <OpenChatLink className={className}>{action.label}</OpenChatLink>
  ) : (
    <AppLink href={action.href} className={className}>
      {action.label}
    </AppLink>
  );
}

/** The shared layout of the service pages: hero, four key features, highlights, call to action. */
export function ServicePage({ content }: { content: ServicePageContent }) {
  const { hero, features, highlights, cta } = content;
  return (
    <>
      <PageHero content={hero}>
        {hero.actions.map((action, index) => (
          <Action key={action.label} action={action} variant={index === 0 ? 'primary' : 'secondary'} />
        ))}
      </PageHero>
      <FeatureGrid id="features" heading={features.heading} intro={features.intro} items={features.items} tone="muted" />
      <Section id="highlights" heading={highlights.heading} intro={highlights.intro}>
        <dl className="grid gap-6 sm:grid-cols-3">
          {highlights.stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-2xl border border-ink-200 bg-white p-6 text-center">
              <dt className="mt-1 text-ink-700">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <CheckList items={highlights.points} className="mx-auto mt-10 grid max-w-4xl gap-3 space-y-0 sm:grid-cols-2" />
      </Section>
      <CtaBand content={cta}>
        {cta.actions.map((action, index) => (
          <Action key={action.label} action={action} variant={index === 0 ? 'inverse' : 'secondary'} />
        ))}
      </CtaBand>
    </>
  );
}
