import type { RouteOptions } from 'fastify';

/** A route's operation id, else its path: the name usage and metrics count it under. */
export function operationName(route: Pick<RouteOptions, 'schema' | 'url'>): string {
  return (route.schema as { operationId?: string } | undefined)?.operationId ?? route.url;
}

/** The service group of an API route: the first path segment after /api/ (FundPriceService, ...). */
export function serviceGroup(url: string): string {
  return url.split('/')[2] ?? '';
}
