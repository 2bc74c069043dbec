import type { Hono } from 'hono';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { HttpMethod, Resource } from '../domain/permissions.ts';
import type { TaggedResourceType } from '../domain/tags.ts';
import type { Tx } from './db/client.ts';
import type { AppEnv } from './env.ts';
import type { AreaDocs } from './openapi/registry.ts';
import type { RecordingStore } from './integrations/recordings/port.ts';
import type { SearchProvider } from './search/registry.ts';
import type { DeletedDescriptor } from './soft-delete.ts';
import type { Taggable } from './tagged.ts';

/** A sub-app and where it is mounted. `app` may be made from the whole API (the OpenAPI document describes it). */
export type Mount = {
  path: string;
  app: Hono<AppEnv> | ((api: () => Hono<AppEnv>) => Hono<AppEnv>);
  /** Mounted before sign-in (probes, the carrier's callbacks, the public pages' endpoints). */
  public?: true;
};

/** What reading the record of a System log entry needs: one grant, or every grant listed. */
export type AuditGrant = { resource: Resource; method: HttpMethod } | readonly { resource: Resource; method: HttpMethod }[];

/** Grants of a demo role: each resource with its methods. */
export type RoleGrants = readonly (readonly [Resource, readonly HttpMethod[]])[];

/**
 * One API area (ARCHITECTURE "One descriptor per API area"): everything the shared lists need to
 * know of it, in `server/routes/<area>/area.ts`, listed once in `server/areas.ts`. The app, the
 * palette's search, "Recently deleted", the System log's visibility, tags, the default and demo
 * roles and the seed read these; nothing else names an area.
 */
export type Area = {
  /** The folder's name (server/routes/<name>/). */
  name: string;
  /** Its sub-apps, in the order they are mounted. */
  mount: readonly Mount[];
  /** What its operations answer, for the OpenAPI document (server/routes/<area>/openapi.ts; its parameters and bodies come from the routes themselves). */
  docs?: AreaDocs;
  /** The catalogue resources (domain/permissions.ts) its routes guard its records with: each belongs to exactly one area. */
  resources?: readonly Resource[];
  /** The tables its records live in (each account-scoped table belongs to exactly one area: server/areas.test.ts). */
  tables?: readonly PgTable[];
  /** The palette's searchable types; `order` places them among the other areas' (lower first). */
  search?: { order: number; providers: readonly SearchProvider[] };
  /** Its types in "Recently deleted". */
  deleted?: readonly DeletedDescriptor[];
  /**
   * The System log entries it writes, by `resourceType`, with what reading their record needs. A
   * kind no area lists is shown to instance administrators alone (server/areas.test.ts fails on one).
   */
  audit?: Readonly<Record<string, AuditGrant>>;
  /** The kinds of its records tags go on. */
  taggable?: Partial<Record<TaggedResourceType, Taggable>>;
  /**
   * What the roles every account starts with get of it: the practice administrator every method of
   * each resource listed (server/db/default-roles.ts; Read Only reads everything), the demo roles
   * what is listed (server/seed/demo-roles.ts).
   */
  grants?: { practiceAdministrator?: readonly Resource[]; scheduler?: RoleGrants; callCenterAgent?: RoleGrants };
  /** Its demo data (server/seed/demo-<area>.ts, run by server/seed/seed.ts). */
  seed?: readonly SeedStep[];
};

/** The demo's accounts, by key (server/seed/seed.ts). */
export type DemoAccountKey = 'astera' | 'riverside' | 'lakeside';

/** What a seed step is given: the transaction, the demo accounts and how the demo's ids are made. */
export type DemoSeed = {
  tx: Tx;
  accounts: Readonly<Record<DemoAccountKey, { readonly id: string; readonly name: string }>>;
  /** A demo record's stable id, from its name (`seedId`). */
  id(name: string): string;
  /** A demo role's id. */
  roleId(account: DemoAccountKey, role: string): string;
  /** Who the demo rows are created by. */
  actor: string;
  /** Where the demo calls' recordings are written (none without it). */
  recordings?: RecordingStore;
};

/**
 * A step of the demo seed: it runs once per database (its `key` is the marker written when it has
 * run, so a database seeded before the step existed gets it at the next start), after the steps
 * with a lower `order`. `run` answers 'later' when it cannot run yet (the simulators' schema is
 * missing): no marker, it runs at a later start.
 */
export type SeedStep = { key: string; order: number; run(demo: DemoSeed): Promise<void | 'later'> };

/** An area's descriptor (typed, nothing more: the shared lists read them from `server/areas.ts`). */
export const defineArea = <const A extends Area>(area: A): A => area;

/** A grant to read (GET) a resource: the System log's usual need. */
export const reads = (resource: Resource) => ({ resource, method: 'GET' }) as const;

let described: readonly Area[] | undefined;

/**
 * Makes the areas known to the shared lists (server/areas.ts does, once its descriptors are
 * loaded). The lists are read through `describedAreas` rather than by importing server/areas.ts:
 * that imports every route, and routes use the lists (a cycle).
 */
export function describeAreas(areas: readonly Area[]): void {
  described = areas;
}

/** The areas (server/areas.ts), once described; a process that never loaded them fails here instead of seeing no areas. */
export function describedAreas(): readonly Area[] {
  if (!described) throw new Error('No API areas are described: import server/areas.ts (the app and the seed do) before reading the lists built from them.');
  return described;
}

/** A shared list built from the areas, on first use (after server/areas.ts has described them). */
export function fromAreas<T>(make: (areas: readonly Area[]) => T): () => T {
  let value: { made: T } | undefined;
  return () => (value ??= { made: make(describedAreas()) }).made;
}
