import { NotFoundSection, notFoundMetadata } from '@/components/layout/not-found-section';

export const metadata = notFoundMetadata;

/** notFound() in a public page: inside the (site) layout, so only the section (Next sends it with every public page). */
export default function NotFound() {
  return <NotFoundSection />;
}
