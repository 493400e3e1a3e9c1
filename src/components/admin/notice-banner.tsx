import { noticeErrors, notices, type NoticeCode, type NoticeErrorCode } from '@/content/admin';
import { MIN_PASSWORD_LENGTH } from '@/server/admin/auth';
import { fill } from '@/lib/fill';
import { formNames } from '@/content/admin';
import { isLeadForm } from '@/lib/lead-forms';
import { param } from './format';

type Params = Record<string, string | string[] | undefined>;

/**
 * What an action reported when it sent the operator back here (?notice= or ?error=). Only known codes
 * are shown, with numbers and form names checked, so a crafted link cannot put words on the page.
 */
export function NoticeBanner({ searchParams }: { searchParams: Params }) {
  const notice = param(searchParams.notice);
  const error = param(searchParams.error);
  const form = param(searchParams.form);
  const values = {
    count: /^\d{1,9}$/.test(param(searchParams.count)) ? param(searchParams.count) : '0',
    status: /^\d{1,3}$/.test(param(searchParams.status)) ? param(searchParams.status) : '?',
    ms: /^\d{1,7}$/.test(param(searchParams.ms)) ? param(searchParams.ms) : '?',
    form: isLeadForm(form) ? formNames[form] : '',
    error: param(searchParams.error_detail)
      .replace(/[^A-Za-z0-9 ():._-]/g, '')
      .slice(0, 120),
    min: MIN_PASSWORD_LENGTH,
  };
  if (Object.hasOwn(notices, notice)) {
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
      >
        {fill(notices[notice as NoticeCode], values)}
      </p>
    );
  }
  if (Object.hasOwn(noticeErrors, error) || Object.hasOwn(notices, error)) {
    const text = Object.hasOwn(noticeErrors, error)
      ? noticeErrors[error as NoticeErrorCode]
      : notices[error as NoticeCode];
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
      >
        {fill(text, values)}
      </p>
    );
  }
  return null;
}
