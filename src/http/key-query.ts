import { Type } from '@sinclair/typebox';
import { KEY_QUERY } from '../calls/presented-key.js';

/** The key may come in the query string too; declared so query schemas document and accept it. */
export const KeyQuery = {
  [KEY_QUERY]: Type.Optional(Type.String({ description: 'Subscription key (instead of the header)' })),
};
