import type {
  CtaBandContent,
  PageHeroContent,
  ServiceDescription,
  ServiceItem,
  Stat,
} from '@/content/types';

/** A button on a service page: a link, or a control that opens the chat widget. */
export type ServiceAction =
  { kind: 'link'; label: string; href: string } | { kind: 'chat'; label: string };

export type ServicePageContent = {
  service: ServiceDescription;
  hero: PageHeroContent & { actions: readonly ServiceAction[] };
  features: { heading: string; intro: string; items: readonly ServiceItem[] };
  highlights: { heading: string; intro: string; stats: readonly Stat[]; points: readonly string[] };
  cta: CtaBandContent & { actions: readonly ServiceAction[] };
};
