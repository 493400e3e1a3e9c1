import { AppLink } from '@/components/ui/app-link';
import { ArrowRight } from '@/components/ui/svg-icons';
import type { SiteConfig } from '@/config/site';
import {
  footerCta,
  footerLegalLinks,
  footerLinkGroups,
  socialLinksLabel,
  type FooterLink,
} from '@/content/nav';
import { withUtm } from '@/lib/utm';
import { buttonClass } from '@/components/ui/button-styles';
import { TrackedLink } from '@/components/ui/tracked-link';
import { SocialIcon } from './social-icon';
import { uiCopy } from '@/content/ui';

const linkClass =
  'rounded text-ink-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

// The CTA band's secondary buttons: outlined in white on the dark band.
const outlineOnDark = buttonClass(
  'ghost',
  'lg',
  'text-white ring-1 ring-inset ring-white/40 hover:bg-white/10 focus-visible:outline-white',
);

function FooterNav({
  id,
  heading,
  links,
}: {
  id: string;
  heading: string;
  links: readonly FooterLink[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-white">
        {heading}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <AppLink className={linkClass} href={link.href}>
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer({ site }: { site: SiteConfig }) {
  const appHref = withUtm(site.appUrl, {
    source: 'website',
    medium: 'footer',
    campaign: 'footer_cta',
  });
  return (
    <footer className="bg-ink-950 text-ink-200">
      <section aria-labelledby="footer-cta-heading" className="border-b border-white/10">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6">
          <h2
            id="footer-cta-heading"
            className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {footerCta.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-300">{footerCta.body}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row sm:flex-wrap">
            <AppLink href={footerCta.primaryHref} className={buttonClass('inverse', 'lg')}>
              {footerCta.primaryLabel}
              <ArrowRight aria-hidden="true" className="size-5" />
            </AppLink>
            <TrackedLink
              href={appHref}
              event={{ event: 'cta_click', cta_id: 'hero_try_app' }}
              className={outlineOnDark}
            >
              {footerCta.appLabel}
            </TrackedLink>
            {/* A plain anchor: a full page load here (docs/product.md section 3.4). */}
            <a href={footerCta.contactHref} className={outlineOnDark}>
              {footerCta.contactLabel}
            </a>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="text-lg font-bold text-white">{site.brandName}</p>
          <p className="mt-3 max-w-sm text-ink-300">{uiCopy.footerTagline}</p>
          <ul className="mt-4 space-y-1 text-ink-300">
            <li>
              <a className={linkClass} href={`tel:${site.phone.replace(/[^+\d]/g, '')}`}>
                {site.phone}
              </a>
            </li>
            <li>
              <a className={linkClass} href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </li>
          </ul>
          {site.social.length > 0 && (
            <ul className="mt-5 flex gap-3" aria-label={socialLinksLabel}>
              {site.social.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.href}
                    aria-label={link.label}
                    className={`${linkClass} block`}
                    rel="noopener"
                  >
                    <SocialIcon id={link.id} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterNav {...footerLinkGroups.services} />
        <FooterNav {...footerLinkGroups.company} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-ink-300 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {site.brandName}. {uiCopy.rightsReserved}
          </p>
          <p className="flex gap-4">
            <AppLink className={linkClass} href={footerLegalLinks.privacy.href}>
              {footerLegalLinks.privacy.label}
            </AppLink>
            <AppLink className={linkClass} href={footerLegalLinks.terms.href}>
              {footerLegalLinks.terms.label}
            </AppLink>
          </p>
        </div>
      </div>
    </footer>
  );
}
