import { Mic } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';

/**
 * The voice demo control where SPEC places it. Until the in-browser live call
 * ships, it books a live demo instead, so the control always does something real.
 */
export function VoiceDemoLink({ label = 'Try the Live Voice Demo', variant = 'secondary' }: { label?: string; variant?: 'primary' | 'secondary' | 'inverse' }) {
  return (
    <AppLink href="/contact-demo" data-voice-demo className={buttonClass(variant, 'lg')}>
      <Mic aria-hidden="true" className="size-5" />
      {label}
    </AppLink>
  );
}
