/** Content items (docs/product.md section 4.14); content modules are checked with `satisfies`. */
import type { IconName } from '@/lib/icon-names';

export type ServiceCard = {
  id: string;
  title: string;
  blurb: string;
  details: readonly string[];
  icon: IconName;
  ctaLabel: string;
  href: string;
};

export type BenefitCard = {
  title: string;
  description: string;
  features: readonly string[];
  icon: IconName;
};

export type ServiceItem = {
  title: string;
  description: string;
  features: readonly string[];
  icon?: IconName;
};

/** A service as its page's structured data names it. */
export type ServiceDescription = {
  name: string;
  serviceType: string;
  /** Who it is for, when narrower than any small business. */
  audience?: string;
};

export type Benchmark = { metric: string; title: string; description: string; source: string };

export type FaqItem = { question: string; answer: string };

export type Stat = { value: string; label: string };

/** A band of figures; its label names the region for screen readers. */
export type StatsBandContent = { label: string; items: readonly Stat[] };

export type RouteEntry = {
  /** URL path, always starting with '/'. */
  path: string;
  /** The page's own title; the brand is appended as '{title} | {brand}'. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** false: noindex and left out of the sitemap. */
  indexable: boolean;
};

/** A call to action: an internal path, an external URL, or a client action wired by a component. */
export type CtaLink = { label: string; href: string };

export type PageHeroContent = {
  eyebrow?: string;
  heading: string;
  body: string;
};

export type Step = { title: string; description: string };

export type CtaBandContent = { heading: string; body: string };
