import { privacyPolicy } from '@/content/pages/policies';
import { pageMetadata } from '@/components/seo/page-metadata';
import { PolicyDocument } from '@/components/sections/policy-document';

export const metadata = pageMetadata('/privacy-policy');

export default function PrivacyPolicyPage() {
  return <PolicyDocument document={privacyPolicy} />;
}
