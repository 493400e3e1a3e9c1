import { describe, expect, it } from 'vitest';
import { linkify } from '@/components/chat/linkify';

const links = (text: string) => linkify(text).filter((part) => part.type === 'link');

describe('linkify', () => {
  it('leaves plain text as one text part', () => {
    expect(linkify('Hello there.\nNo links here.')).toEqual([
      { type: 'text', text: 'Hello there.\nNo links here.' },
    ]);
    expect(linkify('')).toEqual([]);
  });

  it('turns http and https URLs into links and keeps the text around them', () => {
    expect(
      linkify('See https://example.com/pricing?plan=pro#faq and http://a.example.org today'),
    ).toEqual([
      { type: 'text', text: 'See ' },
      {
        type: 'link',
        text: 'https://example.com/pricing?plan=pro#faq',
        href: 'https://example.com/pricing?plan=pro#faq',
      },
      { type: 'text', text: ' and ' },
      { type: 'link', text: 'http://a.example.org', href: 'http://a.example.org/' },
      { type: 'text', text: ' today' },
    ]);
  });

  it('leaves sentence punctuation at the end of a URL as text', () => {
    for (const end of ['.', ',', '!', '?', ';', ':', '"', "'"]) {
      expect(linkify(`Go to https://example.com/book${end}`)).toEqual([
        { type: 'text', text: 'Go to ' },
        { type: 'link', text: 'https://example.com/book', href: 'https://example.com/book' },
        { type: 'text', text: end },
      ]);
    }
    expect(links('Visit https://example.com/a... now')[0]?.text).toBe('https://example.com/a');
  });

  it('keeps brackets the URL opened and drops those it did not', () => {
    expect(links('(see https://example.com/x)')[0]?.text).toBe('https://example.com/x');
    expect(links('https://en.wikipedia.org/wiki/Foo_(bar)')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
    expect(links('(https://en.wikipedia.org/wiki/Foo_(bar)).')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
    expect(linkify('[https://example.com]')).toEqual([
      { type: 'text', text: '[' },
      { type: 'link', text: 'https://example.com', href: 'https://example.com/' },
      { type: 'text', text: ']' },
    ]);
  });

  it('never links javascript:, data:, relative or scheme-less URLs', () => {
    for (const text of [
      'javascript:alert(1)',
      'JavaScript://%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/contact-us',
      'www.example.com',
      'ftp://example.com',
      'mailto:a@example.com',
    ]) {
      expect(links(text), text).toEqual([]);
    }
  });

  it('does not link a scheme glued to another word', () => {
    expect(links('xhttps://example.com')).toEqual([]);
  });

  it('stops a URL at markup and quotes, so HTML stays text', () => {
    expect(linkify('<a href="https://evil.example">x</a>')).toEqual([
      { type: 'text', text: '<a href="' },
      { type: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
      { type: 'text', text: '">x</a>' },
    ]);
    expect(links('<https://example.com/a>')[0]?.text).toBe('https://example.com/a');
  });

  it('loses no character: the parts join back into the message', () => {
    const messages = [
      'Book at https://cal.example/x, or call.',
      'a https:// b',
      'http://[::1]:80/ok and http://x',
      'line\nhttps://a.example/(b',
      'https://a.example/😀!',
    ];
    for (const message of messages)
      expect(
        linkify(message)
          .map((part) => part.text)
          .join(''),
      ).toBe(message);
  });
});
