import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { svgIcon } from '@/components/ui/svg-icon';
import * as svgIcons from '@/components/ui/svg-icons';

const render = (
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
) => renderToStaticMarkup(createElement(component, props));
const lucideIcons = lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>;

describe('svgIcon', () => {
  const names = Object.keys(svgIcons);

  it('covers every icon the site imports', () => {
    expect(names.length).toBeGreaterThan(40);
  });

  // The markup lucide-react's client component renders, so swapping it changes nothing on screen.
  for (const name of names) {
    it(`draws ${name} as lucide-react does`, () => {
      const ours = svgIcons[name as keyof typeof svgIcons];
      for (const props of [
        { 'aria-hidden': 'true', className: 'size-5 text-brand-600' },
        { className: 'size-4' },
        { 'aria-label': 'Named', role: 'img' },
        {},
      ]) {
        expect(render(ours, props)).toBe(render(lucideIcons[name]!, props));
      }
    });
  }

  it('refuses a module without icon data', () => {
    expect(() => svgIcon({ default: () => null })).toThrow(/__iconData/);
  });
});
