import { DATA_TYPE_NAMES, type DataTypeName } from '../data-types/index.js';

export { RowError, type RowContext } from '../data-types/row-context.js';

/** Import types in the order a batch applies them: reference data before what refers to it. */
export const IMPORT_TYPES = DATA_TYPE_NAMES;

/** An import type is a data type (src/data-types/), by its one name. */
export type ImportType = DataTypeName;
