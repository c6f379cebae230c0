import { formatNumber } from '../i18n.js';
import type { Quota, RateLimit } from './api.js';
import type { PortalContext } from './context.js';

const count = (n: number) => formatNumber(n, 0);

/** '300 calls a minute', '10 calls per 5 seconds', or 'None'. */
export function rateLimitText(ctx: PortalContext, limit: RateLimit | null): string {
  if (!limit) return ctx.t('none');
  return limit.seconds === 60
    ? ctx.t('perMinute', { calls: count(limit.calls) })
    : ctx.t('rateLimitValue', { calls: count(limit.calls), seconds: count(limit.seconds) });
}

/** '10,000 calls a day', or 'None'. */
export function quotaText(ctx: PortalContext, quota: Quota | null): string {
  if (!quota) return ctx.t('none');
  return ctx.t(quota.period === 'day' ? 'quotaDay' : 'quotaMonth', { calls: count(quota.calls) });
}

/** A definition list of label: value lines (names and values as text nodes only). */
export function facts(rows: [string, string | Node][], className = 'facts'): HTMLDListElement {
  const dl = document.createElement('dl');
  dl.className = className;
  for (const [label, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.append(value);
    dl.append(dt, dd);
  }
  return dl;
}

export { count };
