import { chatConfig } from '@/config/chat';
import { siteConfig } from '@/config/site';
import { chatBranding, chatLauncherCopy } from '@/content/chat';
import { ChatWidget } from './chat-widget';

/**
 * Puts the chat widget on a page, its words and colours as props, so the client code every visitor
 * downloads is only the launcher. `launcher={false}`: opened by the page's Live Chat item instead.
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
