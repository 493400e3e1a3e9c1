import { aiChatbotPage } from '@/content/pages/services/ai-chatbot';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/ai-chatbot');

export default function AiChatbotPage() {
  // 'See It in Action' shows the chat loader's states (docs/product.md section 8.2).
  return <ServicePage path="/ai-chatbot" content={aiChatbotPage} chatStates />;
}
