import { contactAside, contactFormHeading, contactUsHero } from '@/content/pages/contact';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ChatMount } from '@/components/chat/chat-mount';
import { ContactForm } from '@/components/lead-forms/contact-form';
import { ContactAside } from '@/components/sections/contact-aside';
import { FormWithAside } from '@/components/sections/form-with-aside';
import { PageHero } from '@/components/sections/page-hero';

export const metadata = pageMetadata('/contact-us');

export default function ContactUsPage() {
  return (
    <>
      <PageHero content={contactUsHero} />
      <FormWithAside
        id="send-message"
        heading={contactFormHeading}
        form={<ContactForm />}
        aside={<ContactAside content={contactAside} chatOpensWidget />}
      />
      {/* No launcher: the Live Chat item opens the chat (docs/product.md section 4.12). */}
      <ChatMount launcher={false} />
    </>
  );
}
