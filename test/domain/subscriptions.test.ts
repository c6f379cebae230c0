import { describe, expect, it } from 'vitest';
import { allowsGroup, effectiveState, nextState, parseGroups } from '../../src/domain/subscriptions.js';
import { formatHms, quotaWindow, rateWindow, secondsUntil } from '../../src/domain/windows.js';

describe('service groups', () => {
  it('parse any case into canonical names, and refuse unknown ones', () => {
    expect(parseGroups('fundpriceservice, EXCHANGERATESERVICE,fundPriceService')).toBe(
      'FundPriceService,ExchangeRateService',
    );
    expect(parseGroups('FundPriceService,all')).toBe('all');
    expect(() => parseGroups('Funds')).toThrow("unknown service group 'Funds'");
    expect(() => parseGroups(' , ')).toThrow('expected');
  });

  it('allow a group case-insensitively', () => {
    expect(allowsGroup('all', 'anything')).toBe(true);
    expect(allowsGroup('FundPriceService,InterestRatesService', 'interestratesservice')).toBe(true);
    expect(allowsGroup('FundPriceService', 'ExchangeRateService')).toBe(false);
  });
});

describe('states', () => {
  const now = new Date('2026-06-01T00:00:00.000Z');
  it('derive expired from the expiry', () => {
    expect(effectiveState({ state: 'active', expires_at: '2026-06-01T00:00:00.000Z' }, now)).toBe('expired');
    expect(effectiveState({ state: 'active', expires_at: '2026-06-01T00:00:00.001Z' }, now)).toBe('active');
    expect(effectiveState({ state: 'suspended', expires_at: '2020-01-01T00:00:00.000Z' }, now)).toBe(
      'suspended',
    );
  });

  it('make cancelling final', () => {
    expect(nextState('active', 'suspend')).toBe('suspended');
    expect(nextState('suspended', 'resume')).toBe('active');
    expect(nextState('suspended', 'cancel')).toBe('cancelled');
    expect(nextState('cancelled', 'resume')).toEqual({
      refused: 'a cancelled subscription cannot be resumed',
    });
    expect(nextState('cancelled', 'suspend')).toEqual({
      refused: 'a cancelled subscription cannot be suspended',
    });
  });
});

describe('limit windows', () => {
  it('align rate windows to the epoch', () => {
    const now = new Date('2026-06-01T10:00:50.000Z');
    const w = rateWindow(now, 60);
    expect(w).toEqual({
      id: `60s${Date.parse('2026-06-01T10:00:00.000Z') / 60_000}`,
      startsAt: Date.parse('2026-06-01T10:00:00.000Z'),
      endsAt: Date.parse('2026-06-01T10:01:00.000Z'),
    });
    expect(secondsUntil(w.endsAt, now)).toBe(10);
    expect(rateWindow(new Date('2026-06-01T10:01:00.000Z'), 60).id).not.toBe(w.id);
    // Another length, and back in the first window: the same window as before.
    expect(rateWindow(now, 30)).toMatchObject({ startsAt: Date.parse('2026-06-01T10:00:30.000Z') });
    expect(rateWindow(new Date('2026-06-01T10:00:00.000Z'), 60)).toEqual(w);
  });

  it('end quota windows at Bangkok midnight and on the 1st of the month', () => {
    const lateEvening = new Date('2026-12-31T16:59:59.500Z'); // Bangkok 23:59:59.5 on 31 December
    expect(quotaWindow(lateEvening, 'day')).toEqual({
      id: 'd2026-12-31',
      startsAt: Date.parse('2026-12-30T17:00:00Z'),
      endsAt: Date.parse('2026-12-31T17:00:00Z'),
    });
    expect(quotaWindow(lateEvening, 'month')).toEqual({
      id: 'm2026-12',
      startsAt: Date.parse('2026-11-30T17:00:00Z'),
      endsAt: Date.parse('2026-12-31T17:00:00Z'),
    });
    const justAfter = new Date('2026-12-31T17:00:00.000Z');
    expect(quotaWindow(justAfter, 'month')).toEqual({
      id: 'm2027-01',
      startsAt: Date.parse('2026-12-31T17:00:00Z'),
      endsAt: Date.parse('2027-01-31T17:00:00Z'),
    });
    expect(secondsUntil(quotaWindow(lateEvening, 'day').endsAt, lateEvening)).toBe(1);
  });

  it('write durations as HH:MM:SS, hours going past 24', () => {
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(5385)).toBe('01:29:45');
    expect(formatHms(31 * 86400 - 1)).toBe('743:59:59');
  });
});
