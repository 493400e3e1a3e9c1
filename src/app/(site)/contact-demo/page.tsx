import { contactDemoHero, demoAside, demoFormHeading } from '@/content/pages/contact';
import { pageMetadata } from '@/components/seo/page-metadata';
import { DemoRequestForm } from '@/components/lead-forms/demo-request-form';
import { ContactAside } from '@/components/sections/contact-aside';
import { FormWithAside } from '@/components/sections/form-with-aside';
import { PageHero } from '@/components/sections/page-hero';

export const metadata = pageMetadata('/contact-demo');

export default function ContactDemoPage() {
  return (
    <>
      <PageHero content={contactDemoHero} />
      <FormWithAside
        id="request-demo"
        heading={demoFormHeading}
        form={<DemoRequestForm />}
        aside={<ContactAside content={demoAside} />}
      />
    </>
  );
}
