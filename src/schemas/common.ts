import { Type, type TSchema } from '@sinclair/typebox';

/** A value that may not exist: served as JSON null, never a made-up 0. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// The spec types these fields date-time, but the original writes them without a zone, which the JSON
// Schema 'date-time' format rejects; a pattern states the real format instead.
export const DateTime = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T00:00:00$',
  description: 'date-time written YYYY-MM-DDT00:00:00 (Bangkok date, no zone)',
  examples: ['2026-11-20T00:00:00'],
});

export const GatewayError = Type.Object(
  {
    statusCode: Type.Integer(),
    message: Type.String(),
  },
  { $id: 'GatewayError', description: 'Error body in the API gateway shape' },
);
