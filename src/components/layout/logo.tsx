import Link from 'next/link';

/** Logo mark and brand name, linking home. */
export function Logo({ brandName }: { brandName: string }) {
  return (
    <Link
      href="/"
      data-logo-link
      className="flex items-center gap-2 rounded-lg font-bold text-ink-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M9 22 16 8l7 14h-4.5L16 16.5 13.5 22Z" fill="#fff" />
      </svg>
      <span className="text-lg tracking-tight">{brandName}</span>
    </Link>
  );
}
