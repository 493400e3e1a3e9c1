import Link from 'next/link';
import type { ComponentProps } from 'react';
import { isRoutePath } from '@/content/routes';

/**
 * next/link that prefetches only pages in the route registry: a prefetch of a page not built would
 * 404 in every visitor's console. Client components get the `prefetch` flag as a prop instead.
 */
export function AppLink({
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, 'href'> & { href: string }) {
  return <Link href={href} prefetch={isRoutePath(href) ? null : false} {...props} />;
}
