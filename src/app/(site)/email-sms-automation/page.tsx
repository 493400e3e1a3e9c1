import { emailSmsAutomationPage } from '@/content/pages/services/email-sms-automation';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/email-sms-automation');

export default function EmailSmsAutomationPage() {
  return <ServicePage path="/email-sms-automation" content={emailSmsAutomationPage} />;
}
