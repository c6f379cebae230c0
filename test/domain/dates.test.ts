import { describe, expect, it } from 'vitest';
import { dateDigits, dayNumber, fromDateDigits, fromDayNumber } from '../../src/domain/dates.js';

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

describe('date digits', () => {
  it('keep every ISO date apart, in order, and turn back into it', () => {
    let last = 0;
    for (let day = dayNumber('1900-01-01'); day <= dayNumber('2100-12-31'); day++) {
      const iso = fromDayNumber(day);
      const digits = dateDigits(iso);
      expect(digits).toBeGreaterThan(last);
      expect(fromDateDigits(digits)).toBe(iso);
      last = digits;
    }
    expect(dateDigits('2026-11-27')).toBe(20261127);
  });
});
