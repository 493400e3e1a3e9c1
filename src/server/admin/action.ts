import 'server-only';
import { headers } from 'next/headers';
import { redirect, unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import { flashErrors, type FlashCode } from '@/content/admin';
import { CSRF_FIELD } from '@/lib/csrf';
import { withoutNul } from '@/server/http/body';
import { describeError, log } from '@/server/log';
import { recordAudits, type AuditRecord } from '@/server/audit';
import { keepDraft, type Draft } from './draft';
import { setFlash, type Flash } from './flash';
import { isForeignRequest } from './request-check';
import {
  csrfTokenMatches,
  currentOperator,
  requestedPath,
  signInPath,
  type OperatorSession,
} from './session';

/**
 * Every change the inbox makes is a Server Action wrapped by operatorAction, the one place that
 * checks, in order: the request comes from this site (Origin and Sec-Fetch-Site), an operator is
 * signed in, the form carries the session's anti-forgery token (ActionForm puts it in every form),
 * and the fields parse with the action's zod schema. Then the action runs; what it reports is written
 * to the audit log under the operator, and the operator is sent back to the page (or where the action
 * says) with its flash. A refusal runs nothing and says why; a failure (the database down) says so,
 * never a 500.
 */

export type ActionOutcome = {
  flash: Flash;
  /** Where to go instead of back to the page the form was on. */
  to?: string;
  audit?: AuditRecord[];
};

/**
 * The form's fields as an object: a field sent more than once becomes an array; Next's own fields
 * left out; NUL removed (the database cannot store it, so a note with one would be lost).
 */
function formFields(formData: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const key of new Set(formData.keys())) {
    if (key.startsWith('$ACTION') || key === CSRF_FIELD) continue;
    const values = formData
      .getAll(key)
      .filter((value) => typeof value === 'string')
      .map(withoutNul);
    fields[key] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

/** A zod failure as the flash its first issue names (schemas say `{ message: 'note_empty' }`), else 'invalid'. */
function failureFlash(error: z.ZodError): Flash {
  const message = error.issues[0]?.message ?? '';
  return { code: Object.hasOwn(flashErrors, message) ? (message as FlashCode) : 'invalid' };
}

/** An action is callable with any argument by a crafted request: only a form is read. */
export function postedForm(posted: unknown): FormData {
  return posted instanceof FormData ? posted : new FormData();
}

export function operatorAction<S extends z.ZodType>(
  name: string,
  schema: S,
  run: (input: z.infer<S>, who: OperatorSession, requestHeaders: Headers) => Promise<ActionOutcome>,
  /**
   * What of the posted fields a draft keeps for their page (draft.ts) when they are not saved: after
   * the session has ended or the action failed, and after every run of an action that does not
   * `save` them itself (another button of the same form).
   */
  {
    keep,
    saves = false,
  }: { keep?: (fields: Record<string, string | string[]>) => Draft; saves?: boolean } = {},
): (formData: FormData) => Promise<void> {
  return async (posted) => {
    const started = performance.now();
    const formData = postedForm(posted);
    const fields = formFields(formData);
    const requestHeaders = await headers();
    const back = await requestedPath();
    const page = new URL(back, 'http://inbox.invalid').pathname;
    const keepUnsaved = async (saved = false) =>
      keep ? keepDraft(page, saved ? {} : keep(fields)) : false;
    let outcome: ActionOutcome;
    let who: OperatorSession | null = null;
    try {
      const foreign = isForeignRequest(requestHeaders);
      who = foreign ? null : await currentOperator(requestHeaders);
      if (foreign) outcome = { flash: { code: 'cross_site' } };
      else if (!who) {
        const kept = await keepUnsaved();
        outcome = {
          flash: { code: kept ? 'expired_draft_kept' : 'expired' },
          to: signInPath(back),
        };
      } else if (!csrfTokenMatches(who.session, formData.get(CSRF_FIELD))) {
        outcome = { flash: { code: 'bad_token' } };
        await keepUnsaved();
      } else {
        const parsed = schema.safeParse(fields);
        outcome = parsed.success
          ? await run(parsed.data, who, requestHeaders)
          : { flash: failureFlash(parsed.error) };
        if (outcome.audit) await recordAudits(who.operator.email, outcome.audit);
        // The page's fields were sent: what was kept for it gives way to what this run left unsaved.
        await keepUnsaved(parsed.success && saves);
      }
    } catch (error) {
      unstable_rethrow(error);
      log('error', 'admin.action_failed', { action: name, error: describeError(error) });
      outcome = { flash: { code: 'unavailable' } };
      if (who) await keepUnsaved();
    }
    log('info', 'admin.action', {
      action: name,
      result: outcome.flash.code,
      operator_id: who?.operator.id,
      ms: Math.round(performance.now() - started),
    });
    await setFlash(outcome.flash);
    redirect(outcome.to ?? back);
  };
}
