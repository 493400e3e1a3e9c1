import 'server-only';
import type { ReactElement, ReactNode } from 'react';

/**
 * Renders an email's React tree to HTML and plain text. Not react-dom/server, which throws under
 * the react-server condition that route handlers and `npm run leads` run under. Takes host
 * elements, text, fragments, arrays and function components; anything else throws.
 */

const FRAGMENT = Symbol.for('react.fragment');
const ELEMENT_TYPES = new Set([
  Symbol.for('react.transitional.element'),
  Symbol.for('react.element'),
]);
const VOID = new Set(['br', 'hr', 'img', 'meta', 'link', 'col', 'area', 'base', 'input', 'wbr']);
// Elements that end a line of the plain-text version.
const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'table',
  'tbody',
  'thead',
  'tr',
  'ul',
  'ol',
  'li',
  'section',
  'header',
  'footer',
  'body',
  'html',
  'blockquote',
]);
const SKIPPED_IN_TEXT = new Set(['head', 'style', 'title', 'img', 'meta', 'link']);
const ATTRIBUTE_NAMES: Record<string, string> = {
  className: 'class',
  htmlFor: 'for',
  cellPadding: 'cellpadding',
  cellSpacing: 'cellspacing',
  colSpan: 'colspan',
  rowSpan: 'rowspan',
  httpEquiv: 'http-equiv',
  charSet: 'charset',
};

type Element = { $$typeof: symbol; type: unknown; props: Record<string, unknown> };
/** The tree after function components and fragments are resolved: host elements and text. */
type Host = { tag: string; props: Record<string, unknown>; children: Node[] };
type Node = string | Host;

const isElement = (node: unknown): node is Element =>
  typeof node === 'object' && node !== null && ELEMENT_TYPES.has((node as Element).$$typeof);

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const cssNames = new Map<string, string>();
const cssProperty = (name: string) => {
  let css = cssNames.get(name);
  if (css === undefined) {
    css = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    cssNames.set(name, css);
  }
  return css;
};

function attributes(props: Record<string, unknown>): string {
  let out = '';
  for (const name in props) {
    const value = props[name];
    if (name === 'children' || name === 'key' || name === 'ref' || name.startsWith('data-text'))
      continue;
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function')
      throw new Error(`An email cannot have event handlers (${name})`);
    const attribute = ATTRIBUTE_NAMES[name] ?? name;
    if (name === 'style' && typeof value === 'object') {
      let css = '';
      for (const [key, v] of Object.entries(value as Record<string, string | number>)) {
        if (v === undefined || v === null || v === '') continue;
        css += `${css ? ';' : ''}${cssProperty(key)}:${v}`;
      }
      if (css) out += ` style="${escapeHtml(css)}"`;
    } else if (value === true) out += ` ${attribute}`;
    else out += ` ${attribute}="${escapeHtml(String(value))}"`;
  }
  return out;
}

/** Resolves function components and fragments, once for both versions, into `out`. */
function expand(node: ReactNode, out: Node[] = []): Node[] {
  if (node === null || node === undefined || typeof node === 'boolean') return out;
  if (typeof node === 'string' || typeof node === 'number') {
    out.push(String(node));
    return out;
  }
  if (Array.isArray(node)) {
    for (const child of node) expand(child as ReactNode, out);
    return out;
  }
  if (!isElement(node)) throw new Error('An email can hold elements, text and arrays only');
  if (node.type === FRAGMENT) return expand(node.props.children as ReactNode, out);
  if (typeof node.type === 'function') {
    const rendered = (node.type as (props: unknown) => unknown)(node.props);
    if (rendered instanceof Promise) throw new Error('An email cannot have async components');
    return expand(rendered as ReactNode, out);
  }
  if (typeof node.type === 'string') {
    const tag = node.type;
    out.push({
      tag,
      props: node.props,
      children: VOID.has(tag) ? [] : expand(node.props.children as ReactNode),
    });
    return out;
  }
  throw new Error('An email cannot use context, suspense or class components');
}

function toHtml(nodes: Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += escapeHtml(node);
    else {
      out += `<${node.tag}${attributes(node.props)}>`;
      if (!VOID.has(node.tag)) out += `${toHtml(node.children)}</${node.tag}>`;
    }
  }
  return out;
}

/** Whether an element keeps its text's line breaks, as its white-space style says. */
const keepsLines = (props: Record<string, unknown>) =>
  /^pre/.test(String((props.style as { whiteSpace?: string } | undefined)?.whiteSpace ?? ''));

/**
 * The plain-text version: blocks on lines of their own, a row's cells joined by ': ', links as
 * "text: url". An element with data-text-skip is left out (a button that repeats a link, say); a
 * row with data-text-label is a label, "label:" then the next row's value. Text inside a
 * white-space: pre* element keeps its line breaks (a visitor's message), as in HTML.
 */
function toText(nodes: Node[], lines = false): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string')
        return lines ? node.replace(/[^\S\n]+/g, ' ') : node.replace(/\s+/g, ' ');
      const { tag, props, children } = node;
      if (SKIPPED_IN_TEXT.has(tag) || props['data-text-skip']) return '';
      if (tag === 'br') return '\n';
      if (tag === 'hr') return '\n\n';
      const keep = lines || keepsLines(props);
      if (tag === 'tr') {
        const cells = children.map((cell) =>
          typeof cell === 'string'
            ? cell
            : toText(cell.children, keep || keepsLines(cell.props)).trim(),
        );
        const shown = cells.filter(Boolean);
        // A label above the row that holds its value: "label:", the value on the next line.
        if (props['data-text-label']) return `\n\n${shown.join(' ')}:`;
        // A row of one cell is a block of the layout (the body, the footer): a paragraph of its own.
        if (shown.length === 1) return `\n${shown[0]}\n\n`;
        return `${shown.join(': ')}\n`;
      }
      const inner = toText(children, keep);
      if (tag === 'a') {
        const href = String(props.href ?? '');
        const label = inner.trim();
        return !href || label === href ? label || href : `${label}: ${href}`;
      }
      if (tag === 'li') return `- ${inner.trim()}\n`;
      if (tag === 'p' || /^h[1-4]$/.test(tag)) return `\n${inner.trim()}\n\n`;
      return BLOCK.has(tag) ? `\n${inner}\n` : inner;
    })
    .join('');
}

export type RenderedEmail = { html: string; text: string };

export function renderEmail(element: ReactElement): RenderedEmail {
  const nodes = expand(element);
  const html = `<!DOCTYPE html>${toHtml(nodes)}`;
  const text = `${toText(nodes)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
  return { html, text };
}
