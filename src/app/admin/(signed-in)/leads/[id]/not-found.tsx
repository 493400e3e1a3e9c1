import { leadCopy } from '@/content/admin';
import { buttonClass } from '@/components/ui/button-styles';

/** A lead id that names no lead (deleted, or mistyped): a 404 in the inbox's frame. */
export default function LeadNotFound() {
  return (
    <>
      <h1 className="text-2xl font-bold text-ink-900">{leadCopy.title}</h1>
      <p className="mt-4">{leadCopy.notFound}</p>
      <a href="/admin" className={buttonClass('secondary', 'sm', 'mt-4')}>
        {leadCopy.back}
      </a>
    </>
  );
}
