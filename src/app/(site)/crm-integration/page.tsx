import { crmIntegrationPage } from '@/content/pages/services/crm-integration';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/crm-integration');

export default function CrmIntegrationPage() {
  return <ServicePage path="/crm-integration" content={crmIntegrationPage} />;
}
