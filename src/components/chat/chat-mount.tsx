import { chatConfig } from '@/config/chat';
import { siteConfig } from '@/config/site';
import { chatBranding, chatLauncherCopy } from '@/content/chat';
import { ChatWidget } from './chat-widget';

/**
 * Puts the chat widget on a page (server side): its wording, branding and
 * colour travel as props, so the client code that every visitor downloads is
 * only the launcher. `launcher={false}` (on /contact-us): no button of its own,
 * the page opens it with its Live Chat item.
 */
export function ChatMount({ launcher = true }: { launcher?: boolean }) {
  const { open, close, loading, loadFailed, loadError, dismissError } = chatLauncherCopy;
  return (
    <ChatWidget
      launcher={launcher}
      branding={chatBranding(siteConfig.brandName)}
      copy={{ open, close, loading, loadFailed, loadError, dismissError }}
      primaryColor={chatConfig.style.primaryColor}
      position={chatConfig.position}
    />
  );
}
