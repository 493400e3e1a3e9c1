import { Mail, MessageSquare, Phone } from '@/components/ui/svg-icons';
import { siteConfig } from '@/config/site';
import type { AsideContent } from '@/content/pages/contact';
import { OpenChatLink } from '@/components/chat/open-chat-link';
import { chatFallback } from '@/config/chat';
import { uiCopy } from '@/content/ui';
import { CheckList } from '@/components/ui/check-list';

const linkClass =
  'font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function PointsBlock({ heading, items }: { heading: string; items: readonly string[] }) {
  return (
    <div>
      <h2 className="text-lg font-bold text-ink-900">{heading}</h2>
      <CheckList items={items} className="mt-3" />
    </div>
  );
}

/**
 * The side column of the demo and contact pages. With `chatOpensWidget` (/contact-us) the live-chat
 * item opens the chat; otherwise it links to the contact page, which opens its chat on arrival.
 */
export function ContactAside({
  content,
  chatOpensWidget = false,
}: {
  content: AsideContent;
  chatOpensWidget?: boolean;
}) {
  return (
    <section aria-label={uiCopy.contactAsideLabel} className="space-y-8">
      <PointsBlock {...content.expect} />
      <PointsBlock {...content.why} />
      <div>
        <h2 className="text-lg font-bold text-ink-900">{content.contactHeading}</h2>
        <ul className="mt-3 space-y-3">
          <li className="flex items-center gap-3">
            <Phone aria-hidden="true" className="size-5 text-brand-600" />
            <a className={linkClass} href={`tel:${siteConfig.phone.replace(/[^+\d]/g, '')}`}>
              {siteConfig.phone}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <Mail aria-hidden="true" className="size-5 text-brand-600" />
            <a className={linkClass} href={`mailto:${siteConfig.email}`}>
              {siteConfig.email}
            </a>
          </li>
          {/* The chat controls' fallback lands here: without JavaScript, on the way to the form. */}
          <li
            id={chatOpensWidget ? chatFallback.fragment.slice(1) : undefined}
            className="flex scroll-mt-(--sticky-offset) items-center gap-3"
          >
            <MessageSquare aria-hidden="true" className="size-5 text-brand-600" />
            {chatOpensWidget ? (
              // On the contact page itself: without the chat, to the message form beside it.
              <OpenChatLink className={linkClass} fallbackHref="/contact-us#send-message">
                {content.liveChat.label}: {content.liveChat.detail}
              </OpenChatLink>
            ) : (
              <a className={linkClass} href={chatFallback.href}>
                {content.liveChat.label}: {content.liveChat.detail}
              </a>
            )}
          </li>
        </ul>
      </div>
    </section>
  );
}
