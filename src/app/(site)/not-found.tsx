import { NotFoundSection, notFoundMetadata } from '@/components/layout/not-found-section';

export const metadata = notFoundMetadata;

/** notFound() in a public page: only the section, since Next sends this with every public page. */
export default function NotFound() {
  return <NotFoundSection />;
}
