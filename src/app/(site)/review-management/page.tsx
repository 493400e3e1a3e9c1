import { reviewManagementPage } from '@/content/pages/services/review-management';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/review-management');

export default function ReviewManagementPage() {
  return <ServicePage path="/review-management" content={reviewManagementPage} />;
}
