/** What the last action reported (the typed flash), announced politely, or assertively when it failed. */
export function FlashMessage({
  flash,
}: {
  flash: { tone: 'notice' | 'error'; text: string } | null;
}) {
  if (!flash) return null;
  return flash.tone === 'notice' ? (
    <p
      role="status"
      className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
    >
      {flash.text}
    </p>
  ) : (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {flash.text}
    </p>
  );
}
