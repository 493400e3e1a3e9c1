import { AppLink } from '@/components/ui/app-link';
import { ArrowRight, ExternalLink } from '@/components/ui/svg-icons';
import { hero, showcase } from '@/content/home';
import { withUtm } from '@/lib/utm';
import { AppPreview } from '@/components/ui/app-preview';
import { IconLabel } from '@/components/ui/icon-label';
import { buttonClass } from '@/components/ui/button-styles';
import { Icon } from '@/components/ui/icon';
import { SectionLink } from '@/components/layout/section-link';

export function Hero({ appUrl }: { appUrl: string }) {
  const appHref = withUtm(appUrl, showcase.appLink.utm);
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 pb-20 pt-12 sm:px-6 lg:grid-cols-2 lg:pt-20">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {hero.eyebrow}
          </p>
          <h1
            id="hero-heading"
            className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl"
          >
            {hero.heading}
          </h1>
          <p className="mt-5 text-lg text-ink-700">{hero.body}</p>
          {/* Wrapping, not shrinking: the first button's size never depends on the second. */}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <AppLink href={hero.primaryCta.href} className={buttonClass('primary', 'lg')}>
              <IconLabel icon={ArrowRight} side="end">
                {hero.primaryCta.label}
              </IconLabel>
            </AppLink>
            <SectionLink
              id={hero.secondaryCta.sectionId}
              className={buttonClass('secondary', 'lg')}
            >
              {hero.secondaryCta.label}
            </SectionLink>
          </div>
        </div>
        <div
          id="showcase"
          className="rounded-3xl border border-ink-200 bg-white p-5 shadow-xl sm:p-6"
        >
          <h2 className="text-xl font-bold text-ink-900">{showcase.heading}</h2>
          <p className="mt-1 text-ink-600">{showcase.body}</p>
          <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {showcase.cards.map((card) => (
              <li key={card.id} className="rounded-xl border border-ink-100 bg-ink-50 p-3">
                <Icon name={card.icon} className="size-5 text-brand-600" />
                <h3 className="mt-2 text-sm font-semibold text-ink-900">{card.title}</h3>
                <p className="mt-1 text-xs leading-snug text-ink-600">{card.blurb}</p>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={appHref} className={buttonClass('primary', 'md')}>
              {showcase.appLink.label}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
            <AppPreview
              url={appHref}
              label={showcase.previewLabel}
              spoken={showcase.previewSpoken}
              title={showcase.modalTitle}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
