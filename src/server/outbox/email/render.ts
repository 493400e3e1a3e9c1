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

const isElement = (node: unknown): node is Element =>
  typeof node === 'object' && node !== null && ELEMENT_TYPES.has((node as Element).$$typeof);

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const cssProperty = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function attributes(props: Record<string, unknown>): string {
  let out = '';
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'key' || name === 'ref' || name.startsWith('data-text'))
      continue;
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function')
      throw new Error(`An email cannot have event handlers (${name})`);
    const attribute = ATTRIBUTE_NAMES[name] ?? name;
    if (name === 'style' && typeof value === 'object') {
      const css = Object.entries(value as Record<string, string | number>)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${cssProperty(k)}:${v}`)
        .join(';');
      if (css) out += ` style="${escapeHtml(css)}"`;
    } else if (value === true) out += ` ${attribute}`;
    else out += ` ${attribute}="${escapeHtml(String(value))}"`;
  }
  return out;
}

/** Resolves function components and fragments; yields host elements and text. */
function expand(node: ReactNode): Array<string | Element> {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(expand);
  if (!isElement(node)) throw new Error('An email can hold elements, text and arrays only');
  if (node.type === FRAGMENT) return expand(node.props.children as ReactNode);
  if (typeof node.type === 'function') {
    const rendered = (node.type as (props: unknown) => unknown)(node.props);
    if (rendered instanceof Promise) throw new Error('An email cannot have async components');
    return expand(rendered as ReactNode);
  }
  if (typeof node.type === 'string') return [node];
  throw new Error('An email cannot use context, suspense or class components');
}

function toHtml(node: ReactNode): string {
  return expand(node)
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      const tag = part.type as string;
      const open = `<${tag}${attributes(part.props)}>`;
      return VOID.has(tag) ? open : `${open}${toHtml(part.props.children as ReactNode)}</${tag}>`;
    })
    .join('');
}

/**
 * The plain-text version: blocks on lines of their own, a row's cells joined by ': ', links as
 * "text: url". An element with data-text-skip is left out (a button that repeats a link, say).
 */
function toText(node: ReactNode): string {
  return expand(node)
    .map((part) => {
      if (typeof part === 'string') return part.replace(/\s+/g, ' ');
      const tag = part.type as string;
      if (SKIPPED_IN_TEXT.has(tag) || part.props['data-text-skip']) return '';
      if (tag === 'br') return '\n';
      if (tag === 'hr') return '\n\n';
      if (tag === 'tr') {
        const cells = expand(part.props.children as ReactNode).map((cell) =>
          typeof cell === 'string' ? cell : toText(cell.props.children as ReactNode).trim(),
        );
        return `${cells.filter(Boolean).join(': ')}\n`;
      }
      const inner = toText(part.props.children as ReactNode);
      if (tag === 'a') {
        const href = String(part.props.href ?? '');
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
  const html = `<!DOCTYPE html>${toHtml(element)}`;
  const text = `${toText(element)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
  return { html, text };
}
