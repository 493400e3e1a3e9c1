import {
  propertyClosing,
  propertyHero,
  propertyProblems,
  propertySolution,
  propertyStats,
} from '@/content/pages/overview';
import { pageMetadata } from '@/components/seo/page-metadata';
import { CtaBand } from '@/components/sections/cta-band';
import { FeatureGrid } from '@/components/sections/feature-grid';
import { PageHero } from '@/components/sections/page-hero';
import { StatsBand } from '@/components/sections/stats-band';
import { StepList } from '@/components/sections/step-list';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';

export const metadata = pageMetadata('/property-management');

export default function PropertyManagementPage() {
  const [meetAria, , demo] = propertyClosing.links;
  return (
    <>
      <PageHero content={propertyHero}>
        <AppLink href={meetAria.href} className={buttonClass('primary', 'lg')}>
          {meetAria.label}
        </AppLink>
        <AppLink href={demo.href} className={buttonClass('secondary', 'lg')}>
          {demo.label}
        </AppLink>
      </PageHero>
      <FeatureGrid
        id="problems"
        heading={propertyProblems.heading}
        intro={propertyProblems.intro}
        items={propertyProblems.items}
        columns={3}
        tone="muted"
      />
      <StepList
        id="solution"
        heading={propertySolution.heading}
        intro={propertySolution.intro}
        steps={propertySolution.steps}
      />
      <StatsBand content={propertyStats} />
      <CtaBand content={propertyClosing}>
        {propertyClosing.links.map((link, index) => (
          <AppLink
            key={link.href}
            href={link.href}
            className={buttonClass(index === 0 ? 'inverse' : 'secondary', 'lg')}
          >
            {link.label}
          </AppLink>
        ))}
      </CtaBand>
    </>
  );
}
