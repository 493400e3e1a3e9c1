import { termsConditions } from '@/content/pages/policies';
import { pageMetadata } from '@/components/seo/page-metadata';
import { PolicyDocument } from '@/components/sections/policy-document';

export const metadata = pageMetadata('/terms-conditions');

export default function TermsConditionsPage() {
  return <PolicyDocument document={termsConditions} />;
}
