import { aiVoiceAgentPage } from '@/content/pages/services/ai-voice-agent';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/ai-voice-agent');

// Prerendered whole, so no placeholder phase comes before the content (docs/product.md §4.2).
export default function AiVoiceAgentPage() {
  return <ServicePage content={aiVoiceAgentPage} />;
}
