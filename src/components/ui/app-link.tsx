import Link from 'next/link';
import type { ComponentProps } from 'react';
import { isRoutePath } from '@/content/routes';

/**
 * next/link for internal pages that prefetches only pages in the route
 * registry: a link to a page that is not built yet must not fire a prefetch
 * that 404s in every visitor's console. Server component; client components
 * receive the computed `prefetch` flag as a prop instead of the registry.
 */
export function AppLink({
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, 'href'> & { href: string }) {
  return <Link href={href} prefetch={isRoutePath(href) ? null : false} {...props} />;
}
