import { Check } from '@/components/ui/svg-icons';
import { cn } from '@/lib/cn';

/** A list of short points, each with a check mark. */
export function CheckList({
  items,
  className,
  itemClassName,
}: {
  items: readonly string[];
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={cn('space-y-2', className)}>
      {items.map((item) => (
        <li key={item} className={cn('flex gap-2 text-ink-700', itemClassName)}>
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}
