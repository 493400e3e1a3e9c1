import 'server-only';
import type { ReactNode } from 'react';

/**
 * The emails' building blocks, rendered by render.ts. Layout tables and inline styles, which mail
 * clients display alike; the words come from src/content/emails.ts through compose.tsx.
 */

const FONT_FAMILY = '-apple-system, Segoe UI, Helvetica, Arial, sans-serif';
// A word longer than the column (a name typed without spaces) wraps instead of widening the
// message past a phone's screen; both, for clients that know only one.
const WRAP_ANYWHERE = { wordBreak: 'break-word', overflowWrap: 'anywhere' } as const;

function Layout({
  title,
  footer,
  children,
}: {
  title: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      {/* eslint-disable-next-line @next/next/no-head-element -- an email's own document, not a page */}
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: '0', padding: '0', backgroundColor: '#f4f5f7' }}>
        <table role="presentation" width="100%" cellPadding="0" cellSpacing="0">
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding="0"
                  cellSpacing="0"
                  style={{ maxWidth: '600px', backgroundColor: '#ffffff', borderRadius: '8px' }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: '28px 28px 8px',
                          color: '#1f2430',
                          fontFamily: FONT_FAMILY,
                          fontSize: '16px',
                          lineHeight: '24px',
                          ...WRAP_ANYWHERE,
                        }}
                      >
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '8px 28px 28px',
                          color: '#5b6271',
                          fontFamily: FONT_FAMILY,
                          fontSize: '13px',
                          lineHeight: '20px',
                          ...WRAP_ANYWHERE,
                        }}
                      >
                        {footer}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

const Heading = ({ children }: { children: ReactNode }) => (
  <h1 style={{ fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}>{children}</h1>
);

export const Subheading = ({ children }: { children: ReactNode }) => (
  <h2 style={{ fontSize: '17px', lineHeight: '24px', margin: '24px 0 8px' }}>{children}</h2>
);

export const Paragraph = ({ children }: { children: ReactNode }) => (
  <p style={{ margin: '0 0 16px' }}>{children}</p>
);

/** A link styled as a button; the plain-text version shows it as "label: url". */
export const Button = ({ href, children }: { href: string; children: ReactNode }) => (
  <p style={{ margin: '24px 0' }}>
    <a
      href={href}
      style={{
        backgroundColor: '#2448d8',
        color: '#ffffff',
        padding: '12px 20px',
        borderRadius: '6px',
        textDecoration: 'none',
        fontWeight: '600',
        display: 'inline-block',
      }}
    >
      {children}
    </a>
  </p>
);

const LABEL = { color: '#5b6271', verticalAlign: 'top' } as const;

/** A value of several lines or a long one (a message, an address with its campaign) takes the width. */
const isLong = (value: ReactNode) =>
  typeof value === 'string' && (value.includes('\n') || value.length > 80);

/**
 * Label and value rows; the plain-text version shows "label: value" lines. A long value goes below
 * its label across the whole width, so a phone does not show it as a narrow column ("label:" and
 * the value on the lines below, in plain text).
 */
export function Rows({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding="0"
      cellSpacing="0"
      style={{ borderCollapse: 'collapse' }}
    >
      <tbody>
        {rows.flatMap(([label, value]) =>
          isLong(value)
            ? [
                <tr key={label} data-text-label>
                  <td colSpan={2} style={{ ...LABEL, padding: '6px 0 2px' }}>
                    {label}
                  </td>
                </tr>,
                <tr key={`${label}:value`}>
                  <td colSpan={2} style={{ padding: '0 0 6px', whiteSpace: 'pre-wrap' }}>
                    {value}
                  </td>
                </tr>,
              ]
            : [
                <tr key={label}>
                  <td style={{ ...LABEL, padding: '6px 12px 6px 0', width: '38%' }}>{label}</td>
                  <td style={{ padding: '6px 0', verticalAlign: 'top', whiteSpace: 'pre-wrap' }}>
                    {value}
                  </td>
                </tr>,
              ],
        )}
      </tbody>
    </table>
  );
}

export const List = ({ items }: { items: readonly string[] }) => (
  <ul style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
    {items.map((item) => (
      <li key={item} style={{ margin: '0 0 8px' }}>
        {item}
      </li>
    ))}
  </ul>
);

/** One email: a heading, then the body blocks, then the footer lines. */
export function Email({
  title,
  heading,
  footer,
  children,
}: {
  title: string;
  heading: string;
  footer: readonly string[];
  children: ReactNode;
}) {
  return (
    <Layout
      title={title}
      footer={footer.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    >
      <Heading>{heading}</Heading>
      {children}
    </Layout>
  );
}
