import type { ServiceAction, ServicePageContent } from '@/content/pages/services/types';
import { ChatButton } from '@/components/chat/chat-button';
import { ChatMount } from '@/components/chat/chat-mount';
import { OpenChatLink } from '@/components/chat/open-chat-link';
import { chatLauncherCopy } from '@/content/chat';
import type { RoutePath } from '@/content/routes';
import { JsonLd, serviceData } from '@/components/seo/json-ld';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';
import { CtaBand } from './cta-band';
import { FeatureGrid } from './feature-grid';
import { PageHero } from './page-hero';
import { Section } from './section';
import { CheckList } from '@/components/ui/check-list';

const { buttonLoading, buttonActive, loadFailed, loadError } = chatLauncherCopy;

function Action({
  action,
  variant,
  chatStates,
}: {
  action: ServiceAction;
  variant: 'primary' | 'secondary' | 'inverse';
  chatStates: boolean;
}) {
  const className = buttonClass(variant, 'lg');
  if (action.kind === 'chat') {
    return chatStates ? (
      <ChatButton
        label={action.label}
        className={className}
        copy={{ buttonLoading, buttonActive, loadFailed, loadError }}
      />
    ) : (
      <OpenChatLink className={className}>{action.label}</OpenChatLink>
    );
  }
  return (
    <AppLink href={action.href} className={className}>
      {action.label}
    </AppLink>
  );
}

/**
 * The shared layout of the service pages: structured data, hero, four key features, highlights, call to action.
 * A page with a chat action gets the chat widget (launcher bottom right); with `chatStates`
 * (the chatbot page) its chat actions are buttons that show the loader's states.
 */
export function ServicePage({
  path,
  content,
  chatStates = false,
}: {
  path: RoutePath;
  content: ServicePageContent;
  chatStates?: boolean;
}) {
  const { service, hero, features, highlights, cta } = content;
  const hasChat = [...hero.actions, ...cta.actions].some((action) => action.kind === 'chat');
  return (
    <>
      <JsonLd data={serviceData(path, service)} />
      <PageHero content={hero}>
        {hero.actions.map((action, index) => (
          <Action
            key={action.label}
            action={action}
            variant={index === 0 ? 'primary' : 'secondary'}
            chatStates={chatStates}
          />
        ))}
      </PageHero>
      <FeatureGrid
        id="features"
        heading={features.heading}
        intro={features.intro}
        items={features.items}
        tone="muted"
      />
      <Section id="highlights" heading={highlights.heading} intro={highlights.intro}>
        {/* Three across only where a figure of two long words ("Continuous Learning") fits. */}
        <dl className="grid gap-6 lg:grid-cols-3">
          {highlights.stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl border border-ink-200 bg-white p-6 text-center"
            >
              <dt className="mt-1 text-ink-700">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight break-words hyphens-auto text-brand-700">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
        <CheckList
          items={highlights.points}
          className="mx-auto mt-10 grid max-w-4xl gap-3 space-y-0 sm:grid-cols-2"
        />
      </Section>
      <CtaBand content={cta}>
        {cta.actions.map((action, index) => (
          <Action
            key={action.label}
            action={action}
            variant={index === 0 ? 'inverse' : 'secondary'}
            chatStates={chatStates}
          />
        ))}
      </CtaBand>
      {hasChat && <ChatMount />}
    </>
  );
}
