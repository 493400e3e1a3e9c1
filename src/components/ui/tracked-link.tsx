'use client';

import type { ComponentProps } from 'react';
import { track, type AnalyticsEvent } from '@/lib/analytics';

/** A plain anchor that pushes an analytics event on click, before the browser leaves the page. */
export function TrackedLink({
  event,
  onClick,
  ...props
}: ComponentProps<'a'> & { event: AnalyticsEvent }) {
  return (
    <a
      {...props}
      onClick={(clickEvent) => {
        track(event);
        onClick?.(clickEvent);
      }}
    />
  );
}
