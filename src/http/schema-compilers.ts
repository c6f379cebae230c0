import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// The schema compilers of every app this process builds, shared, so that a route's validator and
// response serializer are compiled once per process rather than once per app: compiling them is most
// of an app's start (its first call, `ready`). The tests build hundreds of apps in one process; `serve`
// builds two with an admin port of their own. Ajv keeps what it compiled by schema object (one Ajv per
// set of shared schemas and options, pooled by @fastify/ajv-compiler); serializers are kept here the
// same way. A schema made afresh for each app is compiled for each, as before.

type SerializerFactory = (
  externalSchemas: unknown,
  options: unknown,
) => (route: { schema: object }) => unknown;

const buildValidator = AjvCompiler();
const serializerSelector = SerializerSelector() as SerializerFactory;
const serializers = new Map<string, WeakMap<object, unknown>>();

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const build = serializerSelector(externalSchemas, options);
  const key = JSON.stringify([externalSchemas, options]);
  let compiled = serializers.get(key);
  if (!compiled) serializers.set(key, (compiled = new WeakMap()));
  const kept = compiled;
  return (route) => {
    let serialize = kept.get(route.schema);
    if (!serialize) kept.set(route.schema, (serialize = build(route)));
    return serialize;
  };
};

export const sharedSchemaCompilers = {
  compilersFactory: { buildValidator, buildSerializer },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;
