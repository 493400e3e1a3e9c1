import { aiVoiceAgentPage } from '@/content/pages/services/ai-voice-agent';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/ai-voice-agent');

// Prerendered whole: no placeholder phase before the content (docs/product.md section 4.2).
export default function AiVoiceAgentPage() {
  return <ServicePage path="/ai-voice-agent" content={aiVoiceAgentPage} />;
}
