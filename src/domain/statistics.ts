import { addYears } from './dates.js';

export interface NavPoint {
  date: string;
  nav: number;
}

export interface NavValue {
  nav: number;
  date: string;
}

export interface NavStatistics {
  minSelected: NavValue | null;
  maxSelected: NavValue | null;
  minYear: NavValue | null;
  maxYear: NavValue | null;
  minSince: NavValue | null;
  maxSince: NavValue | null;
  begin: NavValue | null;
  end: NavValue | null;
}

/** Start (exclusive) of the "Year" window: the 12 months ending at `to` are (to - 1 year, to]. */
export function yearWindowStart(to: string): string {
  return addYears(to, -1);
}

interface Extremes {
  min: NavValue | null;
  max: NavValue | null;
}

// `<=` and `>=` let a later equal value replace an earlier one: on a tie the latest date wins.
function include(window: Extremes, point: NavPoint): void {
  if (window.min === null || point.nav <= window.min.nav) window.min = { nav: point.nav, date: point.date };
  if (window.max === null || point.nav >= window.max.nav) window.max = { nav: point.nav, date: point.date };
}

/**
 * Fund_Nav_ByFundCode's windows in one pass over a fund's NAVs in ascending date order:
 * Selected = [from, to], Year = (to - 1 year, to], Since = first NAV .. to, Begin/End = first and last
 * NAV inside [from, to]. Points after `to` are ignored.
 */
export function navStatistics(points: Iterable<NavPoint>, from: string, to: string): NavStatistics {
  const yearStart = yearWindowStart(to);
  const selected: Extremes = { min: null, max: null };
  const year: Extremes = { min: null, max: null };
  const since: Extremes = { min: null, max: null };
  let begin: NavValue | null = null;
  let end: NavValue | null = null;
  for (const point of points) {
    if (point.date > to) break;
    include(since, point);
    if (point.date > yearStart) include(year, point);
    if (point.date >= from) {
      include(selected, point);
      begin ??= { nav: point.nav, date: point.date };
      end = { nav: point.nav, date: point.date };
    }
  }
  return {
    minSelected: selected.min,
    maxSelected: selected.max,
    minYear: year.min,
    maxYear: year.max,
    minSince: since.min,
    maxSince: since.max,
    begin,
    end,
  };
}
