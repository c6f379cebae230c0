import { createHash } from 'node:crypto';
import type { ServiceStatus, TypeStatus } from './status-types.js';

// The /status page for a browser, in English or Thai: the language its link names (?lang=), else the
// browser's (Accept-Language). Its times are Bangkok times, as everywhere on the service's pages, with
// the same instant in UTC beside each, since a developer elsewhere reads logs in UTC.

export type StatusLang = 'en' | 'th';

const TEXTS = {
  en: {
    title: 'Status: Rates data service',
    heading: 'Data status',
    explorer: 'Explorer',
    docs: 'API docs',
    portal: 'Developer portal',
    other: 'ไทย',
    intro:
      "Each data type's latest day held against the day its schedule says is out by now, and when it was last published. Times are Bangkok time, with UTC in brackets.",
    uptime: 'The service has been up {h} h {m} min (since {since}).',
    checked: 'Checked {at}; the same as JSON with <code>Accept: application/json</code>.',
    caption: 'Data types',
    data: 'Data',
    published: 'Published',
    latestDay: 'Latest day',
    expectedDay: 'Expected day',
    lastPublished: 'Last published',
    state: 'State',
    onChange: 'when the source changes a value',
    schedule: '{time} Bangkok time, {days}',
    businessDays: 'Thai business days',
    everyDay: 'every day',
    behind: '({n} release days behind)',
    behindOne: '(1 release day behind)',
    zone: 'Bangkok time',
  },
  th: {
    title: 'สถานะ: บริการข้อมูลอัตราและราคา',
    heading: 'สถานะข้อมูล',
    explorer: 'หน้าสำรวจข้อมูล',
    docs: 'เอกสาร API',
    portal: 'พอร์ทัลนักพัฒนา',
    other: 'English',
    intro:
      'วันล่าสุดที่มีข้อมูลแต่ละประเภท เทียบกับวันที่ควรเผยแพร่แล้วตามกำหนด และเวลาที่เผยแพร่ครั้งล่าสุด เวลาทั้งหมดเป็นเวลากรุงเทพฯ และเวลา UTC ในวงเล็บ',
    uptime: 'บริการทำงานมาแล้ว {h} ชม. {m} นาที (ตั้งแต่ {since})',
    checked: 'ตรวจเมื่อ {at} ข้อมูลเดียวกันในรูปแบบ JSON เมื่อส่ง <code>Accept: application/json</code>',
    caption: 'ประเภทข้อมูล',
    data: 'ข้อมูล',
    published: 'เผยแพร่',
    latestDay: 'วันล่าสุด',
    expectedDay: 'วันที่ควรมี',
    lastPublished: 'เผยแพร่ล่าสุด',
    state: 'สถานะ',
    onChange: 'เมื่อแหล่งข้อมูลเปลี่ยนค่า',
    schedule: '{time} น. เวลากรุงเทพฯ {days}',
    businessDays: 'วันทำการของไทย',
    everyDay: 'ทุกวัน',
    behind: '(ช้า {n} วันเผยแพร่)',
    behindOne: '(ช้า 1 วันเผยแพร่)',
    zone: 'เวลากรุงเทพฯ',
  },
} as const;

const STATES: Record<StatusLang, Record<TypeStatus['state'], string>> = {
  en: { 'on-time': 'On time', late: 'Late', 'no-data': 'No data yet', 'on-change': 'Published on change' },
  th: {
    'on-time': 'ตรงเวลา',
    late: 'ล่าช้า',
    'no-data': 'ยังไม่มีข้อมูล',
    'on-change': 'เผยแพร่เมื่อมีการเปลี่ยนแปลง',
  },
};

/** Thai names of the published types (English: the type's own label); a type without one shows its label. */
export const THAI_LABELS: Record<string, string> = {
  'deposit-rates': 'อัตราดอกเบี้ยเงินฝาก',
  'loan-rates': 'อัตราดอกเบี้ยเงินกู้',
  'fx-rates': 'อัตราแลกเปลี่ยน',
  'market-summary': 'ค่าสรุปภาวะตลาด',
  'fund-prices': 'ราคากองทุน',
  'fund-facts': 'ข้อมูลสำคัญของกองทุน',
  'fund-dividends': 'เงินปันผลของกองทุน',
};

const LOCALES: Record<StatusLang, string> = { en: 'en-GB', th: 'th-TH' };
const ZONE = 'Asia/Bangkok';
const instants = {
  en: new Intl.DateTimeFormat(LOCALES.en, { timeZone: ZONE, dateStyle: 'medium', timeStyle: 'short' }),
  th: new Intl.DateTimeFormat(LOCALES.th, { timeZone: ZONE, dateStyle: 'medium', timeStyle: 'short' }),
};
// A day is a calendar day: formatted as is, in no zone that could move it.
const days = {
  en: new Intl.DateTimeFormat(LOCALES.en, { timeZone: 'UTC', dateStyle: 'medium' }),
  th: new Intl.DateTimeFormat(LOCALES.th, { timeZone: 'UTC', dateStyle: 'medium' }),
};

/** The Bangkok part and the UTC part of `statusTime`. */
function timeParts(iso: string, lang: StatusLang): [string, string] {
  const at = new Date(iso);
  const utc = at.toISOString();
  return [
    `${instants[lang].format(at)} ${TEXTS[lang].zone}`,
    `(${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC)`,
  ];
}

/** '7 Dec 2026, 00:30 Bangkok time (2026-12-06 17:30 UTC)', or the same in Thai (its year Buddhist). */
export function statusTime(iso: string, lang: StatusLang): string {
  return timeParts(iso, lang).join(' ');
}

/** The language of the page: `?lang=` when it names one, else the first of Accept-Language's that is. */
export function statusLang(query: unknown, acceptLanguage: string | undefined): StatusLang {
  if (query === 'th' || query === 'en') return query;
  let best: { lang: StatusLang; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'th' && primary !== 'en') continue;
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name]));

/** An instant as `statusTime` says it, wrapping (in a narrow cell) only between its two parts. */
const time = (iso: string | null, lang: StatusLang) => {
  if (iso === null) return '–';
  const [bangkok, utc] = timeParts(iso, lang);
  return `<time datetime="${escape(iso)}"><span class="nw">${escape(bangkok)}</span> <span class="nw">${escape(utc)}</span></time>`;
};
const day = (iso: string | null, lang: StatusLang) =>
  iso === null
    ? '–'
    : `<time datetime="${escape(iso)}">${escape(days[lang].format(new Date(`${iso}T00:00:00Z`)))}</time>`;

export const STATUS_STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:16px;color:#111827}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb}
.late{color:#b91c1c;font-weight:600}.on-time{color:#15803d}nav a{margin-right:16px}
.scroll{overflow-x:auto}td:nth-child(3),td:nth-child(4),td:nth-child(6){white-space:nowrap}.nw{white-space:nowrap}
@media (max-width:640px){table,tbody,tr,td{display:block}thead{position:absolute;left:-9999px}
tr{border-bottom:1px solid #e5e7eb;padding:6px 0}td,td:nth-child(n){border:none;padding:2px 0;white-space:normal}
td::before{content:attr(data-label) ": ";color:#4b5563}}`;
export const STATUS_STYLE_HASH = createHash('sha256').update(STATUS_STYLE).digest('base64');

/** The page of `status` in `lang`. */
export function statusPage(status: ServiceStatus, lang: StatusLang): string {
  const x = TEXTS[lang];
  const scheduleText = (s: TypeStatus['schedule']) =>
    s === 'on-change'
      ? x.onChange
      : fill(x.schedule, { time: s.time, days: s.businessDaysOnly ? x.businessDays : x.everyDay });
  const behind = (n: number | null) =>
    n ? ` ${n === 1 ? x.behindOne : fill(x.behind, { n: n.toLocaleString(LOCALES[lang]) })}` : '';
  const rows = status.types
    .map(
      (t) => `<tr data-type="${escape(t.name)}">
<td data-label="${x.data}">${escape(lang === 'th' ? (THAI_LABELS[t.name] ?? t.label) : t.label)}</td><td data-label="${x.published}">${escape(scheduleText(t.schedule))}</td>
<td data-label="${x.latestDay}">${day(t.latestDay, lang)}</td><td data-label="${x.expectedDay}">${day(t.expectedDay, lang)}</td>
<td data-label="${x.lastPublished}">${time(t.lastPublishedAt, lang)}</td>
<td data-label="${x.state}" class="${t.state}">${STATES[lang][t.state]}${behind(t.daysBehind)}</td></tr>`,
    )
    .join('\n');
  const hours = Math.floor(status.uptimeSeconds / 3600);
  const minutes = Math.floor((status.uptimeSeconds % 3600) / 60);
  const other: StatusLang = lang === 'th' ? 'en' : 'th';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${x.title}</title><link rel="icon" href="data:,"><style>${STATUS_STYLE}</style></head>
<body><nav aria-label="Pages"><a href="/">${x.explorer}</a><a href="/docs">${x.docs}</a><a href="/portal">${x.portal}</a><a href="/status?lang=${other}" lang="${other}" hreflang="${other}">${x.other}</a></nav>
<main><h1>${x.heading}</h1>
<p>${x.intro} ${fill(x.uptime, { h: hours, m: minutes, since: time(status.startedAt, lang) })} ${fill(x.checked, { at: time(status.checkedAt, lang) })}</p>
<div class="scroll"><table><caption>${x.caption}</caption>
<thead><tr><th scope="col">${x.data}</th><th scope="col">${x.published}</th><th scope="col">${x.latestDay}</th><th scope="col">${x.expectedDay}</th><th scope="col">${x.lastPublished}</th><th scope="col">${x.state}</th></tr></thead>
<tbody>
${rows}
</tbody></table></div></main></body></html>`;
}
