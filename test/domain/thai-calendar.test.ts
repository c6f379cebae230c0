import { describe, expect, it } from 'vitest';
import {
  businessDays,
  isThaiBusinessDay,
  nextBusinessDay,
  thaiHolidays,
} from '../../src/domain/thai-calendar.js';

describe('isThaiBusinessDay', () => {
  it('refuses weekends', () => {
    expect(isThaiBusinessDay('2025-04-12')).toBe(false); // Saturday
    expect(isThaiBusinessDay('2025-04-20')).toBe(false); // Sunday
  });

  it('refuses Thai public holidays', () => {
    expect(isThaiBusinessDay('2025-04-14')).toBe(false); // Songkran
    expect(isThaiBusinessDay('2025-04-15')).toBe(false); // Songkran
    expect(isThaiBusinessDay('2025-12-05')).toBe(false); // King Bhumibol's birthday, a Friday
    expect(isThaiBusinessDay('2026-01-01')).toBe(false); // New Year's Day
  });

  it('accepts ordinary weekdays', () => {
    expect(isThaiBusinessDay('2025-04-17')).toBe(true);
    expect(isThaiBusinessDay('2026-11-20')).toBe(true);
  });

  it('refuses substitution days for holidays on a weekend', () => {
    expect(isThaiBusinessDay('2024-04-08')).toBe(false); // Chakri Day fell on Saturday 6 April
    expect(isThaiBusinessDay('2024-07-29')).toBe(false); // the King's Birthday fell on Sunday 28 July
    expect(isThaiBusinessDay('2023-01-02')).toBe(false); // New Year's Eve 2022 fell on a Saturday
    expect(isThaiBusinessDay('2025-04-16')).toBe(false); // Songkran began on Sunday 13 April
    expect(isThaiBusinessDay('2024-04-09')).toBe(true);
  });

  it('lists holidays as plain dates, once per year', () => {
    const holidays = thaiHolidays(2025);
    expect(holidays.has('2025-04-13')).toBe(true);
    expect([...holidays].every((d) => /^2025-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(thaiHolidays(2025)).toBe(holidays);
  });
});

describe('businessDays', () => {
  it('yields the business days of a range, both ends included, in order', () => {
    expect([...businessDays('2025-04-10', '2025-04-18')]).toEqual([
      '2025-04-10',
      '2025-04-11',
      '2025-04-17',
      '2025-04-18',
    ]);
  });

  it('yields nothing for an empty or inverted range', () => {
    expect([...businessDays('2025-04-12', '2025-04-13')]).toEqual([]);
    expect([...businessDays('2025-04-18', '2025-04-10')]).toEqual([]);
  });

  it('has about 240-250 days a year', () => {
    const count = [...businessDays('2024-01-01', '2024-12-31')].length;
    expect(count).toBeGreaterThanOrEqual(235);
    expect(count).toBeLessThanOrEqual(250);
  });
});

describe('nextBusinessDay', () => {
  it('skips weekends and holidays', () => {
    expect(nextBusinessDay('2025-04-12')).toBe('2025-04-17');
    expect(nextBusinessDay('2025-04-17')).toBe('2025-04-17');
  });
});
