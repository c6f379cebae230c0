/* global document, CSS -- a browser module, loaded by newer.html */
// What the bank's newer website does with each answer of the service (contract notes: the newer
// website's operations), written for this test from the contract: the site's own code is public, this
// is not it. Each view calls what the site calls, keyless from another origin, and uses each answer as
// the site does: `nav/LatestDate`'s object and its `mdate`, `day` of each month's days, the fund
// statistics' 18 prices and Begin/End as numbers (`.toFixed`), the NAV history sorted by its date
// strings, the market summary filling the page's tables by code and number and inserting the outlooks
// as HTML, the converter calling `.replace` on FxCal's string. A view fails on a non-2xx answer, a
// thrown error (a `.toFixed` on a string, a `.localeCompare` on a number), a NaN, an Invalid Date, a
// cell left empty or nothing to show.

import { date, fail, finish, get, lang, number, pad, rows, view } from './site-kit.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The 18 prices of nav/FundMaxMinNav as the site's two tables show them: a window, a NAV and its prices. */
const STATISTICS = ['MaxSelected', 'MinSelected', 'MaxYear', 'MinYear', 'MaxSince', 'MinSince'].flatMap(
  (window) => ['_fNav', '_fBuy', '_fSel'].map((price) => `${window}${price}`),
);

/** 'YYYY-MM-DD' as a local day, as the site reads nav's dates; anything else is an Invalid Date. */
function ymd(text, what) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text));
  return date(
    m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(NaN),
    `${what} '${text}'`,
  );
}

/** A day as the nav paths write it: dd/MM/yyyy. */
const dayPath = (d) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

function element(tag, text, attributes = {}) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

function section(title) {
  const el = element('section');
  el.append(element('h2', title));
  document.getElementById('site').append(el);
  return el;
}

function tableOf(headings, lines) {
  const table = element('table');
  const head = table.createTHead().insertRow();
  for (const h of headings) head.append(element('th', h));
  const body = table.createTBody();
  for (const line of lines) {
    const tr = body.insertRow();
    for (const cell of line) tr.insertCell().textContent = cell;
  }
  return table;
}

/** A price as the site writes it: four decimals, on a number only. */
function price(value, what) {
  if (typeof value !== 'number') {
    fail(`${what} is ${JSON.stringify(value)}, not a number`);
    return 'N/A';
  }
  return value.toFixed(4);
}

let latestMdate;
let latestDay;
let pricedFund;

await view(
  'fund-prices-table (nav): fund picker, latest date, days with prices, prices of the day by category',
  async () => {
    const [names, latest] = await Promise.all([get('nav/AllFundNames'), get('nav/LatestDate')]);
    if (latest === null || typeof latest !== 'object' || Array.isArray(latest)) {
      fail(`nav/LatestDate is not an object: ${JSON.stringify(latest)}`);
    }
    latestMdate = latest?.mdate;
    latestDay = ymd(latestMdate, 'nav/LatestDate mdate');

    // The fund picker: each fund's name in the page's language, the English one when it has no Thai.
    const picker = element('select', undefined, { 'aria-label': 'Fund' });
    for (const fund of rows(names, 'nav/AllFundNames')) {
      const name = lang === 'th' ? fund.mf_sTha || fund.mf_sEng : fund.mf_sEng || fund.mf_sTha;
      if (!name) fail(`nav/AllFundNames: fund ${fund.mf_iNumber} has no name`);
      if (!Number.isInteger(fund.mf_order))
        fail(`nav/AllFundNames: fund ${fund.mf_iNumber} mf_order ${fund.mf_order}`);
      picker.append(element('option', name, { value: String(fund.mf_iNumber) }));
    }

    // The calendar: the month of the latest date, its days with prices enabled.
    const y = latestDay.getFullYear();
    const m = latestDay.getMonth();
    const days = rows(await get(`nav/GetUpdateInMonth/${y}/${m + 1}/0`), 'nav/GetUpdateInMonth');
    const enabled = days.map((item) => (item?.day != null ? Number(item.day) : NaN));
    if (enabled.some(Number.isNaN)) fail(`nav/GetUpdateInMonth: a day is NaN: ${JSON.stringify(days)}`);
    if (enabled.some((d, i) => i > 0 && d <= enabled[i - 1]))
      fail(`nav/GetUpdateInMonth: not ascending: ${enabled}`);
    if (!enabled.includes(latestDay.getDate())) fail(`nav/GetUpdateInMonth lacks the latest day: ${enabled}`);

    // The day's prices, one table row a fund under its category's cell, back-dated prices dated.
    const prices = rows(await get(`nav/AllFundPrices/${dayPath(latestDay)}`), 'nav/AllFundPrices');
    const category = lang === 'th' ? 'mf_cateTha' : 'mf_cateEng';
    const seen = [];
    const lines = [];
    for (const fund of prices) {
      const what = `nav/AllFundPrices fund ${fund.mf_iNumber}`;
      if (!fund[category]) fail(`${what} has no category`);
      if (seen.at(-1) !== fund[category]) {
        if (seen.includes(fund[category])) fail(`${what}: category '${fund[category]}' is not contiguous`);
        seen.push(fund[category]);
      }
      const raw = fund.mf_backdate || fund.mfr_dDataDate;
      let shownDate = '';
      if (String(raw).split('T')[0] !== latestMdate) {
        const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
        if (!d) fail(`${what}: date '${raw}'`);
        else shownDate = `${d[3]} ${MONTHS[Number(d[2]) - 1]} ${d[1]}`;
      }
      if (fund.mf_backdate && !fund.mfr_dDataDate) fail(`${what}: back-dated without mfr_dDataDate`);
      ymd(fund.mfr_dDataDate, `${what} mfr_dDataDate`);
      if (fund.mf_backdate) ymd(fund.mf_backdate, `${what} mf_backdate`);
      if (typeof fund.mf_sAUM !== 'string')
        fail(`${what}: mf_sAUM ${JSON.stringify(fund.mf_sAUM)} is not a string`);
      else if (fund.mf_sAUM !== '') number(fund.mf_sAUM, `${what} mf_sAUM`);
      const nav = number(fund.mfr_fNav, `${what} NAV`);
      lines.push([
        fund[category],
        `${lang === 'th' ? fund.mf_sTha : fund.mf_sEng} ${shownDate}`.trim(),
        nav >= 1000 ? nav.toLocaleString('en-US', { minimumFractionDigits: 2 }) : String(fund.mfr_fNav),
        String(fund.mfr_fBuy),
        String(fund.mfr_fSel),
        fund.mf_sAUM === ''
          ? 'N/A'
          : Number(fund.mf_sAUM).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      ]);
    }
    if (seen.length < 2) fail(`funds fall in ${seen.length} category`);
    pricedFund = prices.find((fund) => !fund.mf_backdate)?.mf_iNumber;
    const shown = section(`Fund prices of ${latestMdate}`);
    shown.append(
      picker,
      tableOf(['Type', 'Fund', 'NAV', 'Selling', 'Redemption', 'Net assets'], lines.slice(0, 12)),
    );
    return names.length + prices.length;
  },
);

await view(
  'fund-prices detail (nav): highest and lowest prices, beginning and ending NAV, NAV history, for 1W, 3M, 3Y and a range to today',
  async () => {
    const to = latestDay;
    const [y, mo, d] = [to.getFullYear(), to.getMonth(), to.getDate()];
    const today = new Date();
    const periods = [
      ['1W', new Date(y, mo, d - 7), to],
      ['3M', new Date(y, mo - 3, d), to],
      ['3Y', new Date(y - 3, mo, d), to],
      // The site's own range defaults to today, after the latest price.
      ['DR', new Date(today.getFullYear(), today.getMonth() - 1, 1), today],
    ];
    let shown = 0;
    for (const [period, from, until] of periods) {
      const range = `${pricedFund}/${dayPath(from)}/${dayPath(until)}`;
      const what = `${period} ${range}`;
      const [stats, history] = await Promise.all([
        get(`nav/FundMaxMinNav/${range}`),
        get(`nav/NavHistory/${range}`),
      ]);
      if (stats === null || typeof stats !== 'object' || Array.isArray(stats)) {
        fail(`nav/FundMaxMinNav ${what} is not an object: ${JSON.stringify(stats)}`);
        continue;
      }
      const cells = STATISTICS.map((field) => price(stats[field], `nav/FundMaxMinNav ${what} ${field}`));
      const begin = price(stats.Begin_fNav, `nav/FundMaxMinNav ${what} Begin_fNav`);
      const end = price(stats.End_fNav, `nav/FundMaxMinNav ${what} End_fNav`);

      // The chart and the table: the history sorted by its date strings.
      const sorted = [...rows(history, `nav/NavHistory ${what}`)].sort((a, b) =>
        a.mfr_dDataDate.localeCompare(b.mfr_dDataDate),
      );
      for (const row of sorted) {
        const day = ymd(row.mfr_dDataDate, `nav/NavHistory ${what} mfr_dDataDate`);
        if (day < from || day > until)
          fail(`nav/NavHistory ${what}: ${row.mfr_dDataDate} is outside the range`);
        for (const field of ['mfr_fNav', 'mfr_fBuy', 'mfr_fSel'])
          price(row[field], `nav/NavHistory ${what} ${field}`);
      }
      const navs = sorted.map((row) => row.mfr_fNav);
      if (sorted.length > 0) {
        // What the page puts side by side must agree: the chart's ends and the statistics' Begin/End,
        // its top and bottom and the selected period's highest and lowest (each with that row's prices).
        if (navs[0] !== stats.Begin_fNav || navs.at(-1) !== stats.End_fNav) {
          fail(
            `${what}: Begin/End ${stats.Begin_fNav}/${stats.End_fNav}, the chart's ends ${navs[0]}/${navs.at(-1)}`,
          );
        }
        for (const [field, nav] of [
          ['MaxSelected', Math.max(...navs)],
          ['MinSelected', Math.min(...navs)],
        ]) {
          const row = sorted.find(
            (r) =>
              r.mfr_fNav === nav &&
              r.mfr_fBuy === stats[`${field}_fBuy`] &&
              r.mfr_fSel === stats[`${field}_fSel`],
          );
          if (stats[`${field}_fNav`] !== nav || !row)
            fail(`${what}: ${field} is not the history's ${nav} with its prices`);
        }
      }
      const shownHere = section(`${period}: ${dayPath(from)} - ${dayPath(until)}`);
      shownHere.append(
        tableOf(
          ['Period', 'NAV', 'Selling', 'Redemption'],
          ['Selected', 'Selected', 'Year', 'Year', 'Since', 'Since'].map((label, i) => [
            `${i % 2 ? 'Lowest' : 'Highest'} ${label}`,
            ...cells.slice(i * 3, i * 3 + 3),
          ]),
        ),
        element('p', `Beginning NAV ${begin}, ending NAV ${end}, ${sorted.length} prices`),
      );
      shown += sorted.length;
    }
    return shown;
  },
);

/** The market report's tables as the page's author wrote them: one a code, a cell a value. */
const MARKET_TABLES = {
  RR: 2,
  USIR: 2,
  MMR: 4,
  USTS: 4,
  TSB: 3,
  CMST: 3,
  THBUSD: 8,
  WI: 12,
  FXR: 4,
  THBR: 1,
  WGS: 4,
  OTHBIS: 4,
  GTHB: 5,
};
const OUTLOOKS = ['FXMO', 'TBMO'];

await view(
  'market-report (MarketService): the tables filled by code and number, the two outlooks inserted',
  async () => {
    const answer = await get('MarketService/GetMarketsum');
    if (!Array.isArray(answer) || answer.length !== 2)
      fail(`GetMarketsum: ${JSON.stringify(answer).slice(0, 80)}`);
    const mktdate = answer?.[0]?.[0]?.mktdate;
    const [d, m, y] = String(mktdate).split('/').map(Number);
    const day = date(new Date(y, m - 1, d), `GetMarketsum mktdate '${mktdate}'`);
    if (day.getDate() !== d) fail(`GetMarketsum mktdate '${mktdate}' is no day`);
    const report = section(`Market summary of ${mktdate}`);
    report.id = 'market';
    const tables = element('div', undefined, { class: 'market-tables' });
    const outlooks = element('div', undefined, { class: 'outlooks' });
    for (const [code, count] of Object.entries(MARKET_TABLES)) {
      const table = element('table', undefined, { id: code });
      table.append(element('caption', code));
      for (let no = 1; no <= count; no++) {
        const tr = table.insertRow();
        tr.insertCell().textContent = `${code} ${no}`;
        tr.insertCell();
      }
      tables.append(table);
    }
    for (const code of OUTLOOKS) outlooks.append(element('div', undefined, { id: code }));
    report.append(outlooks, tables);

    let filled = 0;
    for (const row of rows(answer?.[1], 'GetMarketsum values')) {
      const { mktcode, mktno, mktvalue } = row;
      if (typeof mktvalue !== 'string') fail(`${mktcode} ${mktno}: mktvalue ${JSON.stringify(mktvalue)}`);
      if (OUTLOOKS.includes(mktcode)) {
        // Inserted as the site inserts it, as HTML (the service keeps to p, br, strong, em and lists).
        const box = document.getElementById(mktcode);
        box.append(Number(mktno) === 1 ? ' ' : document.createElement('br'));
        const template = document.createElement('template');
        template.innerHTML = mktvalue;
        const unsafe = template.content.querySelectorAll(':not(p, br, strong, em, ul, ol, li)');
        if (unsafe.length > 0)
          fail(`${mktcode} ${mktno}: <${unsafe[0].tagName.toLowerCase()}> in ${mktvalue}`);
        if (template.content.querySelector('[style], [class], [href], [src], [onclick], [onerror]')) {
          fail(`${mktcode} ${mktno}: an attribute in ${mktvalue}`);
        }
        box.append(template.content);
        filled++;
        continue;
      }
      const cell = document.querySelector(`table#${CSS.escape(mktcode)}`)?.rows[Number(mktno) - 1]?.cells[1];
      if (!cell) {
        fail(`${mktcode} ${mktno}: the page has no cell for it`);
        continue;
      }
      if (cell.textContent) fail(`${mktcode} ${mktno}: a second value for one cell`);
      cell.textContent = mktvalue;
      if (!mktvalue.trim()) fail(`${mktcode} ${mktno}: an empty value`);
      filled++;
    }
    for (const cell of tables.querySelectorAll('td:nth-child(2)')) {
      if (!cell.textContent) fail(`${cell.previousElementSibling.textContent}: left empty`);
    }
    for (const code of OUTLOOKS) {
      if (!document.getElementById(code).textContent.trim()) fail(`${code}: no outlook text`);
    }
    return filled;
  },
);

await view('currency-converter (FxCal): USD to THB, THB to JPY, EUR to USD, lower-case codes', async () => {
  const list = element('ul');
  let shown = 0;
  for (const [amount, from, to] of [
    ['1000', 'USD', 'THB'],
    ['2500.50', 'THB', 'JPY'],
    ['100', 'EUR', 'USD'],
    ['1', 'usd', 'thb'],
  ]) {
    const result = await get(`exchangerateservice/FxCal/${amount}/${from}/${to}`);
    // The site writes the converted amount with grouping commas, straight from the answer.
    const grouped = result.replace(/^\d+/, (whole) => Number(whole).toLocaleString('en-US'));
    if (!/^\d+(\.\d{1,4})?$/.test(result)) fail(`FxCal ${from}->${to}: '${result}' is not a plain decimal`);
    const value = number(result, `FxCal ${from}->${to}`);
    if (!(value > 0)) fail(`FxCal ${from}->${to}: ${value}`);
    // The same conversion as Convert's (rounded there to 2 decimals).
    const convert = await get(
      `ExchangeRateService/Convert/${amount}/${from.toUpperCase()}/${to.toUpperCase()}`,
    );
    if (Math.abs(value - convert.convertedAmount) > 0.0051) {
      fail(`FxCal ${from}->${to} ${result}, Convert ${convert.convertedAmount}`);
    }
    list.append(element('li', `${amount} ${from.toUpperCase()} = ${grouped} ${to.toUpperCase()}`));
    shown++;
  }
  section('Currency converter').append(list);
  return shown;
});

finish("The newer website's views");
