import type { FastifyPluginAsync } from 'fastify';
import type { DataTypeName } from '../data-types/index.js';
import type { ServiceGroupName } from '../domain/service-groups.js';

/** What a service group's routes are handed: their own repositories only, and the clock. */
export interface GroupContext<R> {
  repos: R;
  now: () => Date;
}

/**
 * A service group's code, declared in its folder's group.ts: its routes (registered under
 * `/api/{name}`) and the names of the repositories they read, which the mount hands them and nothing
 * else. Its name and OpenAPI description are in the one list of groups (domain/service-groups.ts).
 */
export interface ServiceGroup<R extends object = object, N extends ServiceGroupName = ServiceGroupName> {
  name: N;
  repositories: readonly (keyof R & string)[];
  /**
   * The data types its answers are made of (a route may name its own in `config.reads`): what an
   * answer's Last-Modified, Memento-Datetime and timemap follow (docs/time-travel.md).
   */
  reads: readonly DataTypeName[];
  routes: FastifyPluginAsync<GroupContext<R>>;
}

/** Declares a group's code; its repositories' type is its routes' (`{ repos }: GroupContext<...>`). */
export const serviceGroup = <const N extends ServiceGroupName, R extends object>(
  group: ServiceGroup<R, N>,
): ServiceGroup<R, N> => group;
