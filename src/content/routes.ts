import type { RouteEntry } from './types';

/**
 * The route registry: every page of the site, read by page metadata, the
 * sitemap and the tests. A page exists here only once it is built, so the
 * sitemap never lists a route that would 404.
 */
export const routes = [
  {
    path: '/',
    title: 'AI Automation for Small Businesses',
    description:
      'AI voice agents, chatbots, scheduling, email and SMS follow-up and CRM automation that answer every lead 24/7, so small businesses and property managers stop losing revenue to missed calls.',
    keywords: [
      'AI automation agency',
      'AI voice agent',
      'AI chatbot',
      'appointment scheduling automation',
      'email and SMS automation',
      'CRM integration',
      'property management AI',
    ],
    indexable: true,
  },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routes)[number]['path'];

export function getRoute(path: RoutePath): RouteEntry {
  const route = routes.find((entry) => entry.path === path);
  if (!route) throw new Error(`Route ${path} is not in the registry`);
  return route;
}

/** True when the path (without its #fragment) is a page of the site. */
export function isRoutePath(href: string): boolean {
  const path = href.split('#')[0] || '/';
  return routes.some((route) => route.path === path);
}
