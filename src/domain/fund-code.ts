/**
 * A fund number or short code, wherever one comes in: a path parameter (domain/params.ts), an
 * import's `code` and `fund` columns (ingest/specs.ts), the code a sync takes from an upstream's page
 * link (sync/run.ts). A run of 11 or more digits cannot be a fund number (int32) and is refused as
 * malformed. In a file of its own: the import's check threads load it without the schema library.
 */
export const FUND_CODE_PATTERN = '^(?![0-9]{11})[A-Za-z0-9][A-Za-z0-9&+._()-]{0,39}$';
export const FUND_CODE = new RegExp(FUND_CODE_PATTERN);
