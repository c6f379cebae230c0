import type { Migration } from 'kysely';
import * as initial from './001_initial.js';
import * as adminTokens from './002_admin_tokens.js';
import * as fundPriceDates from './004_fund_price_dates.js';
import * as dataVersion from './005_data_version.js';
import * as coveringIndexes from './006_covering_indexes.js';
import * as subscriptionTraffic from './003_subscription_traffic.js';
import * as statementReferenceChecks from './007_statement_reference_checks.js';
import * as publicAccess from './008_public_access.js';
import * as fxRatesByDate from './009_fx_rates_by_date.js';
import * as loanRates from './010_loan_rates.js';
import * as sync from './011_sync.js';
import * as marketSummary from './012_market_summary.js';
import * as connectors from './013_connectors.js';
import * as portal from './014_portal.js';
import * as secFundNumbers from './015_sec_fund_numbers.js';
import * as servingAddress from './016_serving_address.js';
import * as portalTwo from './018_portal_two.js';
import * as fundFacts from './019_fund_facts.js';
import * as asOf from './020_as_of.js';
import * as refusedCalls from './021_refused_calls.js';
import * as marketSummaryDates from './022_market_summary_dates.js';

// Migrations are listed in code (not read from a folder) so they ship inside the bundle and run the
// same from a checkout, from dist/ and from tests.
export const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_admin_tokens': adminTokens,
  '004_fund_price_dates': fundPriceDates,
  '005_data_version': dataVersion,
  '006_covering_indexes': coveringIndexes,
  '003_subscription_traffic': subscriptionTraffic,
  '007_statement_reference_checks': statementReferenceChecks,
  '008_public_access': publicAccess,
  '009_fx_rates_by_date': fxRatesByDate,
  '010_loan_rates': loanRates,
  '011_sync': sync,
  '012_market_summary': marketSummary,
  '013_connectors': connectors,
  '014_portal': portal,
  '015_sec_fund_numbers': secFundNumbers,
  '016_serving_address': servingAddress,
  '018_portal_two': portalTwo,
  '019_fund_facts': fundFacts,
  '020_as_of': asOf,
  '021_refused_calls': refusedCalls,
  '022_market_summary_dates': marketSummaryDates,
};
