/** A page's `searchParams` value as one string ('' when absent; the first when repeated). */
export function param(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
