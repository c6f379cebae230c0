import { describe, expect, it } from 'vitest';
import { addYears, bangkokToday, formatBannerDate, formatMonthDayYear } from '../../src/domain/dates.js';
import {
  checkRange,
  parseDateParts,
  parseFamilyList,
  parseLang,
  parseLooseDate,
} from '../../src/domain/params.js';

describe('parameters', () => {
  it('reads day/month/year segments with one or two digits', () => {
    expect(parseDateParts(['d', 'm', 'y'], ['7', '2', '2023'])).toBe('2023-02-07');
    expect(parseDateParts(['d', 'm', 'y'], ['07', '02', '2023'])).toBe('2023-02-07');
    expect(() => parseDateParts(['d', 'm', 'y'], ['29', '02', '2023'])).toThrow(
      "Invalid d: expected a day that exists in 2023-02, got '29'",
    );
    expect(parseDateParts(['d', 'm', 'y'], ['29', '02', '2024'])).toBe('2024-02-29');
  });

  it('refuses a Buddhist-era year with a hint', () => {
    expect(() => parseDateParts(['d', 'm', 'yyyy'], ['01', '01', '2566'])).toThrow(
      /Invalid yyyy: .*Buddhist-era/,
    );
  });

  it('reads the three date forms of GetNavByFundCode', () => {
    expect(parseLooseDate('fromDate', '2026-01-05')).toBe('2026-01-05');
    expect(parseLooseDate('fromDate', '05-01-2026')).toBe('2026-01-05');
    expect(parseLooseDate('fromDate', '20260105')).toBe('2026-01-05');
    expect(() => parseLooseDate('toDate', '2026-02-30')).toThrow(
      "Invalid toDate: expected a date that exists, got '2026-02-30'",
    );
  });

  it('checks order and length of a period', () => {
    expect(() => checkRange({ from: '2026-02-01', to: '2026-01-01' })).toThrow(/^Invalid period/);
    expect(checkRange({ from: '2023-01-01', to: '2026-01-01' }, 3)).toEqual({
      from: '2023-01-01',
      to: '2026-01-01',
    });
    expect(() => checkRange({ from: '2023-01-01', to: '2026-01-02' }, 3)).toThrow(/at most 3 years/);
  });

  it('normalizes lang and family lists', () => {
    expect(parseLang('TH')).toBe('th');
    expect(() => parseLang('fr')).toThrow("Invalid lang: expected 'en' or 'th', got 'fr'");
    expect(parseFamilyList(' usd50, GBP,usd50 ,,jpy')).toEqual(['USD50', 'GBP', 'JPY']);
  });
});

describe('dates', () => {
  it('formats the API date texts', () => {
    expect(formatMonthDayYear('2023-02-17', true)).toBe('02/17/2566');
    expect(formatMonthDayYear('2023-02-17', false)).toBe('02/17/2023');
    expect(formatBannerDate('2026-09-09')).toBe('9/09/2026');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('takes today in Bangkok, 7 hours ahead of UTC', () => {
    expect(bangkokToday(new Date('2026-11-20T16:59:59Z'))).toBe('2026-11-20');
    expect(bangkokToday(new Date('2026-11-20T17:00:00Z'))).toBe('2026-11-21');
  });
});
