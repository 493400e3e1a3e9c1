import { siteConfig } from '@/config/site';
import { backToHome, type PolicyDocument as PolicyDocumentContent } from '@/content/pages/policies';
import { AppLink } from '@/components/ui/app-link';
import { buttonClass } from '@/components/ui/button-styles';
import { fill } from '@/lib/fill';

/** A policy page: title, effective date, numbered sections, and the way back home. */
export function PolicyDocument({
  document,
  values = {},
}: {
  document: PolicyDocumentContent;
  /** More {placeholders} of the page's own (the privacy policy's retention periods). */
  values?: Record<string, string>;
}) {
  const placeholders = { brand: siteConfig.brandName, email: siteConfig.email, ...values };
  return (
    <article aria-labelledby="page-heading" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 id="page-heading" className="text-4xl font-extrabold tracking-tight text-ink-900">
        {document.title}
      </h1>
      <p className="mt-2 font-medium text-ink-600">{document.effective}</p>
      <p className="mt-6 text-lg text-ink-700">{fill(document.intro, placeholders)}</p>
      {document.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`policy-${index}`} className="mt-10">
          <h2 id={`policy-${index}`} className="text-2xl font-bold text-ink-900">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-ink-700">
              {fill(paragraph, placeholders)}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-ink-700">
              {section.items.map((item) => (
                <li key={item}>{fill(item, placeholders)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <AppLink href={backToHome.href} className={buttonClass('primary', 'lg', 'mt-12')}>
        {backToHome.label}
      </AppLink>
    </article>
  );
}
