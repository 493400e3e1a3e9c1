import { createElement, type ReactElement, type SVGProps } from 'react';

/** One icon's drawing as each `lucide-react/icons/<name>` module exports it (`__iconData`). */
type IconData = {
  name: string;
  size?: number;
  aliases?: readonly string[];
  node: ReadonlyArray<readonly [string, Record<string, string | number>]>;
};

export type SvgIcon = (props: SVGProps<SVGSVGElement>) => ReactElement;

/**
 * lucide-react's icons are client components, so each one a server component renders would be a
 * client boundary, its path data sent again in the RSC payload and hydrated (45 on /). This draws
 * the same <svg> (tests/unit/svg-icon.test.ts) as plain HTML. Client components keep lucide-react:
 * importing svg-icons.ts there costs start-up JavaScript on / 6.3 KB gzipped.
 *
 *   import * as star from 'lucide-react/icons/star';
 *   const Star = svgIcon(star);
 */
export function svgIcon(iconModule: unknown): SvgIcon {
  const data = (iconModule as { __iconData?: IconData }).__iconData;
  if (!data?.node)
    throw new Error('svgIcon: not a lucide-react/icons/<name> module (no __iconData)');
  const size = data.size ?? 24;
  const classes = [
    'lucide',
    ...[data.name, ...(data.aliases ?? [])].map((name) => `lucide-${name}`),
  ];
  const Icon: SvgIcon = ({ className, ...props }) =>
    createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: `0 0 ${size} ${size}`,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [
          ...new Set([...classes, ...(className?.split(/\s+/).filter(Boolean) ?? [])]),
        ].join(' '),
        // As lucide-react: decorative unless given a name or a role.
        ...(Object.keys(props).some(
          (prop) => prop.startsWith('aria-') || prop === 'role' || prop === 'title',
        )
          ? {}
          : { 'aria-hidden': true }),
        ...props,
      },
      data.node.map(([tag, { key, ...attributes }]) => createElement(tag, { key, ...attributes })),
    );
  return Icon;
}
