import type { Metadata } from 'next';
import { cache } from 'react';
import { formNames, leadCopy, stageLabels } from '@/content/admin';
import { leadFieldRows } from '@/content/lead-fields';
import { fill } from '@/lib/fill';
import { noteText } from '@/lib/note-text';
import { buttonClass } from '@/components/ui/button-styles';
import { ActionForm } from '@/components/admin/action-form';
import { formatDuration, fullName, visible } from '@/components/admin/format';
import { formatUtc } from '@/lib/utc-time';
import { SelectField } from '@/components/admin/fields';
import { NoteField } from '@/components/admin/note-field';
import { Panel } from '@/components/admin/panel';
import { TermList } from '@/components/admin/term-list';
import { readDraft } from '@/server/admin/draft';
import { stage } from '@/server/admin/fields';
import { fieldErrorProps, readFlash } from '@/server/admin/flash';
import { requireOperator } from '@/server/admin/session';
import { inboxListOf, inboxListPath, showLead } from '@/server/leads/queries';
import { MAX_NOTE_CHARS, notesOf } from '@/server/leads/workbench';
import { leadJobs } from '@/server/outbox/lead-jobs';
import { webhookUrlFor } from '@/server/outbox/targets';
import { sendNow } from '../../actions';
import { markSpam, removeLead, resend, saveWork } from './actions';
import { LeadJobs } from './lead-jobs';

// One lookup per request for the title and the page.
const leadOf = cache(showLead);

/** Tabs of several leads told apart by when and through which form, never by who. */
export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  await requireOperator(); // metadata renders apart from the page: it asks too
  const lead = (await leadOf((await params).id))?.lead;
  return {
    title: lead
      ? fill(leadCopy.tabTitle, { form: formNames[lead.form], when: formatUtc(lead.createdAt) })
      : leadCopy.title,
  };
}

type Props = {
  params: Promise<{ id: string }>;
  /** The inbox list the lead was opened from, which its 'Back' link returns to. */
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// A visitor's value may be one unbroken 2,000-character address: it wraps anywhere rather than widen the page.
const wraps = 'min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]';

function Facts({
  id,
  label: heading,
  rows,
}: {
  id: string;
  label: string;
  rows: Array<[string, string]>;
}) {
  return (
    <Panel id={id} heading={heading}>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-700">{leadCopy.none}</p>
      ) : (
        <TermList className="mt-3" valueClassName="whitespace-pre-wrap text-ink-900" rows={rows} />
      )}
    </Panel>
  );
}

// The flashes that say the status chosen was not saved.
const STAGE_CONFLICTS = ['stage_conflict', 'stage_conflict_note_added'] as const;

export default async function LeadPage({ params, searchParams }: Props) {
  await requireOperator();
  const { id } = await params;
  const list = inboxListOf(await searchParams);
  const back = inboxListPath('/admin', list.query, list.page);
  const shown = await leadOf(id);
  if (!shown) {
    // Shown in the inbox's frame with a 200: notFound() would answer 404 with a page that is blank
    // until its scripts run (below a dynamic layout, Next.js renders not-found.tsx in the browser).
    return (
      <>
        <h1 className="text-2xl font-bold text-ink-900">{leadCopy.title}</h1>
        <p className="mt-4">{leadCopy.notFound}</p>
        <a href={back} className={buttonClass('secondary', 'sm', 'mt-4')}>
          {leadCopy.back}
        </a>
      </>
    );
  }
  const { lead } = shown;
  const [notes, jobs, draft, flash] = await Promise.all([
    notesOf(lead.id),
    leadJobs(lead.id),
    readDraft(`/admin/leads/${lead.id}`),
    readFlash(),
  ]);
  const latestNote = notes[0]?.body ?? null;
  // Kept from a post after the session ended; a note that shows as the newest was saved since, and
  // a status the lead has now was set since.
  const keptNote = draft?.note && noteText(draft.note) !== latestNote ? draft.note : null;
  const chosen = stage.safeParse(draft?.stage);
  const keptStage = chosen.success && chosen.data !== lead.stage ? chosen.data : null;
  // With it, the status its page showed: a change made since is then caught as on a stale page.
  const shownStage = (keptStage && stage.safeParse(draft?.from).data) || lead.stage;
  const fieldRows = leadFieldRows(lead.form, lead.fields).map(
    ([label, value]): [string, string] => [label, visible(value)],
  );
  const attribution = lead.attribution as Record<string, string | number | undefined>;
  const attributionRows = Object.entries(leadCopy.attributionLabels)
    .filter(([key]) => attribution[key] !== undefined && attribution[key] !== '')
    .map(([key, text]): [string, string] => [text, visible(attribution[key])]);
  // Every button but Delete sends the work form (a button elsewhere names it): what was typed or
  // chosen there and not saved by the button pressed is kept and back on the page (actions.ts).
  const hidden = <input type="hidden" name="id" value={lead.id} />;
  const work = 'lead-work';
  const sends = (action: (formData: FormData) => Promise<void>) => ({
    type: 'submit' as const,
    form: work,
    formAction: action,
    formNoValidate: true,
  });

  return (
    <>
      <a href={back} className="text-sm font-medium text-brand-700 underline underline-offset-2">
        {leadCopy.back}
      </a>
      <h1 className={`mt-2 text-2xl font-bold text-ink-900 ${wraps}`}>
        {fullName(lead.fields) || visible(lead.fields.email) || leadCopy.title}
      </h1>
      <p className="mt-1 text-sm text-ink-700">
        {fill(leadCopy.received, { when: formatUtc(lead.createdAt), form: formNames[lead.form] })}
        {lead.status === 'spam' && ` ${leadCopy.spamNote}`}
      </p>
      <div className="mt-4 space-y-4">
        <Panel id="work-heading" heading={leadCopy.work}>
          {/* Either button also saves what was changed in the other field (actions.ts). */}
          <ActionForm action={saveWork} id={work}>
            {hidden}
            <input type="hidden" name="from" value={shownStage} />
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <SelectField
                id="lead-stage"
                name="stage"
                label={leadCopy.stage}
                options={Object.entries(stageLabels)}
                defaultValue={keptStage ?? lead.stage}
                describedBy={keptStage ? 'lead-stage-restored' : undefined}
                error={fieldErrorProps(flash, STAGE_CONFLICTS)['aria-describedby']}
              />
              <button
                type="submit"
                name="save"
                value="stage"
                // The note box is required for Add note only.
                formNoValidate
                className={buttonClass('primary', 'sm')}
              >
                {leadCopy.saveStage}
              </button>
            </div>
            {keptStage && (
              <p id="lead-stage-restored" className="mt-2 text-sm text-ink-700">
                {fill(leadCopy.stageRestored, { stage: stageLabels[keptStage] })}
              </p>
            )}
            <TermList
              className="mt-3"
              rows={[
                [
                  leadCopy.firstResponse,
                  lead.firstResponseAt
                    ? fill(leadCopy.firstResponseAfter, {
                        duration: formatDuration(
                          (lead.firstResponseAt.getTime() - lead.createdAt.getTime()) / 1000,
                        ),
                      })
                    : leadCopy.noResponse,
                ],
              ]}
            />
            <h3 className="mt-5 font-bold">{leadCopy.notes}</h3>
            {notes.length === 0 ? (
              <p className="mt-1 text-sm text-ink-700">{leadCopy.noNotes}</p>
            ) : (
              <ul className="mt-2 space-y-3">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-lg bg-ink-50 p-3 text-sm">
                    <p className={wraps}>{visible(note.body)}</p>
                    <p className="mt-1 text-ink-600">
                      {fill(leadCopy.noteBy, {
                        author: note.author,
                        when: formatUtc(note.createdAt),
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-3 space-y-2">
              <NoteField
                // A new box once the kept draft is saved, so the form's reset empties it.
                key={keptNote ?? ''}
                leadId={lead.id}
                latestNote={latestNote}
                kept={keptNote}
                label={leadCopy.note}
                restoredHint={leadCopy.noteRestored}
                maxLength={MAX_NOTE_CHARS}
              />
              <button
                type="submit"
                name="save"
                value="note"
                className={buttonClass('secondary', 'sm')}
              >
                {leadCopy.addNote}
              </button>
            </div>
          </ActionForm>
        </Panel>
        <Panel id="actions-heading" heading={leadCopy.actions}>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            {/* Offered only where it can go: its form's webhook as configured now. */}
            {lead.status === 'accepted' && webhookUrlFor(lead.form) && (
              <button {...sends(resend)} className={buttonClass('primary', 'sm')}>
                {leadCopy.resend}
              </button>
            )}
            <input
              type="hidden"
              form={work}
              name="spam"
              value={lead.status === 'accepted' ? '1' : '0'}
            />
            <button
              {...sends(markSpam)}
              className={buttonClass(lead.status === 'accepted' ? 'secondary' : 'primary', 'sm')}
            >
              {lead.status === 'accepted' ? leadCopy.markSpam : leadCopy.markNotSpam}
            </button>
            <details className="rounded-lg border border-red-200 px-3 py-2">
              <summary className="cursor-pointer text-sm font-semibold text-red-800">
                {leadCopy.delete}
              </summary>
              <ActionForm action={removeLead} className="mt-2">
                {hidden}
                <input type="hidden" name="confirm" value="yes" />
                <button
                  type="submit"
                  className="rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                >
                  {leadCopy.deleteConfirm}
                </button>
              </ActionForm>
            </details>
          </div>
        </Panel>
        <Facts id="fields-heading" label={leadCopy.fields} rows={fieldRows} />
        <Facts id="attribution-heading" label={leadCopy.attribution} rows={attributionRows} />
        <Panel id="delivery-heading" heading={leadCopy.delivery} intro={leadCopy.deliveryIntro}>
          <TermList
            className="mt-3"
            valueClassName="font-mono"
            rows={[[leadCopy.idempotencyKey, lead.id]]}
          />
          {jobs.some((job) => job.status === 'pending' || job.status === 'failed') && (
            <div className="mt-3 space-y-2">
              <p className="text-sm text-ink-700">{leadCopy.sendNowIntro}</p>
              <button {...sends(sendNow)} className={buttonClass('primary', 'sm')}>
                {leadCopy.sendNow}
              </button>
            </div>
          )}
          {jobs.length === 0 ? (
            <p className="mt-3 text-sm">{leadCopy.noDelivery}</p>
          ) : (
            <LeadJobs jobs={jobs} />
          )}
        </Panel>
        <a href={back} className={buttonClass('secondary', 'sm')}>
          {leadCopy.back}
        </a>
      </div>
    </>
  );
}
