// A stylised Thai policy-rate path (percent per annum), shaped after the Bank of Thailand's decisions
// from 2006 on. It is a fixed table, not random, so money-market yields and deposit rates move together
// at plausible dates, and the history is the same whatever the seed.
export const POLICY_RATE_CHANGES: readonly { date: string; rate: number }[] = [
  { date: '2005-12-07', rate: 4.0 },
  { date: '2006-01-18', rate: 4.5 },
  { date: '2006-04-10', rate: 4.75 },
  { date: '2006-06-07', rate: 5.0 },
  { date: '2007-01-17', rate: 4.75 },
  { date: '2007-04-11', rate: 4.0 },
  { date: '2007-07-18', rate: 3.25 },
  { date: '2008-07-16', rate: 3.5 },
  { date: '2008-08-27', rate: 3.75 },
  { date: '2008-12-03', rate: 2.75 },
  { date: '2009-01-14', rate: 2.0 },
  { date: '2009-02-25', rate: 1.5 },
  { date: '2009-04-08', rate: 1.25 },
  { date: '2010-07-14', rate: 1.5 },
  { date: '2010-08-25', rate: 1.75 },
  { date: '2010-12-01', rate: 2.25 },
  { date: '2011-03-09', rate: 2.5 },
  { date: '2011-06-01', rate: 3.0 },
  { date: '2011-08-24', rate: 3.5 },
  { date: '2011-11-30', rate: 3.25 },
  { date: '2012-01-25', rate: 3.0 },
  { date: '2012-10-17', rate: 2.75 },
  { date: '2013-05-29', rate: 2.5 },
  { date: '2013-11-27', rate: 2.25 },
  { date: '2014-03-12', rate: 2.0 },
  { date: '2015-03-11', rate: 1.75 },
  { date: '2015-04-29', rate: 1.5 },
  { date: '2018-12-19', rate: 1.75 },
  { date: '2019-08-07', rate: 1.5 },
  { date: '2019-11-06', rate: 1.25 },
  { date: '2020-02-05', rate: 1.0 },
  { date: '2020-03-20', rate: 0.75 },
  { date: '2020-05-20', rate: 0.5 },
  { date: '2022-08-10', rate: 0.75 },
  { date: '2022-09-28', rate: 1.0 },
  { date: '2022-11-30', rate: 1.25 },
  { date: '2023-01-25', rate: 1.5 },
  { date: '2023-03-29', rate: 1.75 },
  { date: '2023-05-31', rate: 2.0 },
  { date: '2023-08-02', rate: 2.25 },
  { date: '2023-09-27', rate: 2.5 },
  { date: '2024-10-16', rate: 2.25 },
  { date: '2025-02-26', rate: 2.0 },
  { date: '2025-04-30', rate: 1.75 },
  { date: '2025-08-13', rate: 1.5 },
  { date: '2025-12-17', rate: 1.25 },
];

/** The policy rate in force on a date (the first entry's rate before the table starts). */
export function policyRateOn(iso: string): number {
  let rate = POLICY_RATE_CHANGES[0]?.rate ?? 0;
  for (const change of POLICY_RATE_CHANGES) {
    if (change.date > iso) break;
    rate = change.rate;
  }
  return rate;
}
