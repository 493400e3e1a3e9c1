/**
 * The inbox as a browser without JavaScript sees it: its forms read from the served HTML (a Server
 * Action form carries its action id in a hidden field), posted back as multipart/form-data with the
 * headers the test chooses. No knowledge of the app's internals: only what a page sends.
 */

export type PageForm = {
  /** The form's action attribute ('' for a Server Action: it posts to the page itself). */
  action: string;
  fields: Record<string, string>;
  /** The submit buttons: their text, and the name and value each adds. */
  buttons: Array<{ text: string; name?: string; value?: string }>;
  id?: string;
};

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? undefined;

/** The hidden fields and submit buttons among these tags; `owner` picks those of one form. */
function controls(html: string, owner: (attrs: string) => boolean) {
  const fields: Record<string, string> = {};
  for (const [tag, attrs = ''] of html.matchAll(/<input\b([^>]*)>/g)) {
    const name = attribute(attrs, 'name');
    if (owner(attrs) && name && attribute(tag, 'type') === 'hidden')
      fields[decode(name)] = decode(attribute(tag, 'value') ?? '');
  }
  const buttons = [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
    .filter(([, attrs = '']) => owner(attrs))
    .map(([, attrs = '', text = '']) => ({
      text: decode(text.replace(/<[^>]+>/g, '').trim()),
      name: attribute(attrs, 'name'),
      value: attribute(attrs, 'value'),
    }));
  return { fields, buttons };
}

function pageForms(html: string): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(
    ([, open = '', inner = '']) => {
      const id = attribute(open, 'id');
      // Its own controls, and those anywhere on the page that name it in their form attribute.
      const own = controls(inner, (attrs) => attribute(attrs, 'form') === undefined);
      const named = id
        ? controls(html, (attrs) => attribute(attrs, 'form') === id)
        : { fields: {}, buttons: [] };
      const fields = { ...own.fields, ...named.fields };
      // A select sends its selected option, as a browser would (else its first).
      for (const [, attrs = '', options = ''] of inner.matchAll(
        /<select\b([^>]*)>([\s\S]*?)<\/select>/g,
      )) {
        const name = attribute(attrs, 'name');
        const all = [...options.matchAll(/<option\b[^>]*>/g)].map(([tag]) => tag);
        const chosen = all.find((tag) => /\sselected(=""|\s|>)/.test(tag)) ?? all[0];
        if (name && chosen) fields[decode(name)] = decode(attribute(chosen, 'value') ?? '');
      }
      return {
        action: decode(attribute(open, 'action') ?? ''),
        fields,
        buttons: [...own.buttons, ...named.buttons],
        id,
      };
    },
  );
}

/** The form on the page with a submit button of this text. */
export function formWithButton(html: string, text: string): PageForm {
  const form = pageForms(html).find((each) => each.buttons.some((button) => button.text === text));
  if (!form) throw new Error(`no form with a '${text}' button`);
  return form;
}

export type PostOptions = {
  cookie?: string;
  /** Origin header; null sends none. */
  origin?: string | null;
  secFetchSite?: string;
  /** Accept header: a browser's prefers HTML (fetch's own sends any). */
  accept?: string;
};

/**
 * Posts a page's form back as its browser would (to the form's action, else the page), with the
 * button's name and value and `extra` fields; nothing followed.
 */
export async function submit(
  base: string,
  page: string,
  form: PageForm,
  buttonText: string,
  extra: Record<string, string | string[]>,
  { cookie, origin = base, secFetchSite, accept }: PostOptions = {},
): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.fields, ...extra }))
    for (const each of Array.isArray(value) ? value : [value]) body.append(name, each);
  const button = form.buttons.find((each) => each.text === buttonText);
  if (button?.name) body.append(button.name, button.value ?? '');
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  if (secFetchSite) headers['sec-fetch-site'] = secFetchSite;
  if (accept) headers.accept = accept;
  return fetch(`${base}${form.action || page}`, {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
  });
}

/** The cookies a response sets, as a Cookie header (the deleted ones left out). */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Signs in through the sign-in page's form; returns the Cookie header and Set-Cookie lines. */
export async function signInThrough(
  base: string,
  email: string,
  password: string,
): Promise<{ cookie: string; setCookie: string[]; response: Response }> {
  const html = await (await fetch(`${base}/admin/sign-in`)).text();
  const response = await submit(
    base,
    '/admin/sign-in',
    formWithButton(html, 'Sign in'),
    'Sign in',
    {
      email,
      password,
    },
  );
  return { cookie: cookiesFrom(response), setCookie: response.headers.getSetCookie(), response };
}
