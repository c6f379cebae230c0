import { describe, expect, it } from 'vitest';
import { MarketSummaryGenerator } from '../../src/data-types/demo/market-summary.js';
import { addDays, dayOfWeek } from '../../src/domain/dates.js';
import { outlookInThai } from '../../web/src/outlook-thai.js';

// The explorer puts the demo's outlooks into Thai by their phrasing (web/src/outlook-thai.ts): every
// outlook the demo writes, over years of days with every kind of move, has its Thai, figures kept.

describe("the demo's outlooks in Thai", () => {
  it('every FXMO and TBMO text of three years of demo days is put into Thai, its figures kept', () => {
    const market = new MarketSummaryGenerator(1);
    const moves = new Set<string>();
    let outlooks = 0;
    for (let day = '2023-01-02'; day < '2026-01-01'; day = addDays(day, 1)) {
      if (dayOfWeek(day) === 0 || dayOfWeek(day) === 6) continue;
      for (const row of market.rowsOn(day)) {
        if (row.code !== 'FXMO' && row.code !== 'TBMO') continue;
        outlooks++;
        const thai = outlookInThai(row.value);
        expect(thai, row.value).toBeDefined();
        expect(thai!.replace(/<[^>]+>|&ndash;/g, ''), row.value).not.toMatch(/[A-Za-z]{2,}/);
        for (const figure of row.value.match(/\d+(\.\d+)?/g) ?? []) expect(thai, row.value).toContain(figure);
        moves.add(/weaker|firmer|little changed|edge up|ease|hold steady/.exec(row.value)?.[0] ?? '');
      }
    }
    expect(outlooks).toBeGreaterThan(3000);
    // Each word of a move met at least once.
    expect([...moves].sort()).toEqual(
      ['', 'ease', 'edge up', 'firmer', 'hold steady', 'little changed', 'weaker'].sort(),
    );
  });

  it('leaves a text of another phrasing to be shown as written', () => {
    expect(outlookInThai('<p>Markets <em>await</em> the Fed.</p>')).toBeUndefined();
    expect(
      outlookInThai('<p>The baht is seen at <strong>32.10&ndash;32.40</strong> per dollar.</p>'),
    ).toBeUndefined();
  });
});
