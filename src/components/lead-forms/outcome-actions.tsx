import Link from 'next/link';
import { buttonClass } from '@/components/ui/button-styles';

/** A success panel's next steps: the first a primary button, the rest secondary. */
export function OutcomeActions({
  actions,
  className = '',
}: {
  actions: readonly { label: string; href: string }[];
  className?: string;
}) {
  return (
    <div className={`mt-6 flex flex-col gap-3 sm:flex-row ${className}`.trim()}>
      {actions.map((action, index) => (
        <Link
          key={action.href}
          href={action.href}
          prefetch={false}
          className={buttonClass(index === 0 ? 'primary' : 'secondary', 'md')}
        >
          {action.label}
        </Link>
      ))}
    </div>
  );
}
