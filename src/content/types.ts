/** Content types from SPEC section 3; every content module is checked against these with `satisfies`. */
import type { IconName } from '@/components/ui/icon-names';

export type ServiceCard = {
  id: string;
  title: string;
  blurb: string;
  details: readonly string[];
  icon: IconName;
  ctaLabel: string;
  href: string;
};

export type BenefitCard = { title: string; description: string; features: readonly string[]; icon: IconName };

export type ServiceItem = { title: string; description: string; features: readonly string[] };

export type Benchmark = { metric: string; title: string; description: string; source: string };

export type FaqItem = { question: string; answer: string };

export type Stat = { value: string; label: string };

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
