import { describe, expect, it } from 'vitest';
import { dayNumber, fromDayNumber } from '../../src/domain/dates.js';

const viaDate = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

describe('day numbers', () => {
  it('turn back into the ISO date Date gives, every day from 1900 to 2100 and across years 1 to 9999', () => {
    const [from, to] = [dayNumber('1900-01-01'), dayNumber('2100-12-31')];
    for (let day = from; day <= to; day++) expect(fromDayNumber(day)).toBe(viaDate(day));
    for (let day = dayNumber('0001-01-01'); day <= dayNumber('9999-12-31'); day += 97) {
      expect(fromDayNumber(day)).toBe(viaDate(day));
    }
    expect(fromDayNumber(dayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(fromDayNumber(0)).toBe('1970-01-01');
  });
});
