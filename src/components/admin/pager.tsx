import { buttonClass } from '@/components/ui/button-styles';

/** Previous and next links of a paged list, with where the reader is between them. */
export function Pager({
  label,
  previous,
  next,
  position,
}: {
  label: string;
  previous: { href: string; text: string } | null;
  next: { href: string; text: string } | null;
  position?: string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      {previous && (
        <a href={previous.href} className={buttonClass('secondary', 'sm')}>
          {previous.text}
        </a>
      )}
      {position && <span>{position}</span>}
      {next && (
        <a href={next.href} className={buttonClass('secondary', 'sm')}>
          {next.text}
        </a>
      )}
    </nav>
  );
}
