import { aiVoiceAgentPage } from '@/content/pages/services/ai-voice-agent';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/ai-voice-agent');

// Prerendered: SPEC's "static HTML first for about 100 ms" is met by serving the full page as HTML.
export default function AiVoiceAgentPage() {
  return <ServicePage content={aiVoiceAgentPage} />;
}
