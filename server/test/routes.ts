import type * as v from 'valibot';
import { querySchema } from '../validate.ts';

/** The names of the query parameters a route handler (from `app.routes`) validates; null when it is no `query()` validator. */
export function queryParamsOf(handler: object): string[] | null {
  const schema = (handler as { [querySchema]?: v.GenericSchema })[querySchema];
  if (!schema) return null;
  const keys = (s: unknown): string[] => {
    const node = s as { type?: string; entries?: Record<string, unknown>; wrapped?: unknown; pipe?: unknown[]; options?: unknown[] };
    if (node.entries) return Object.keys(node.entries);
    if (node.wrapped) return keys(node.wrapped);
    if (node.pipe && node.pipe[0] !== s) return keys(node.pipe[0]);
    if (node.options) return [...new Set(node.options.flatMap(keys))];
    return [];
  };
  return keys(schema);
}

/** The path parameters of a route's path (`/a/:id/b/:path{.+}` → id, path), in order. */
export function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\/:(\w+)(?:\{[^/]*\})?\??(?=\/|$)/g)].map((m) => m[1]!);
}

/** A route's path with each parameter replaced by what `value` gives for its name (already encoded for the wire). */
export function fillPath(path: string, value: (name: string, index: number) => string): string {
  let index = 0;
  return path.replace(/\/:(\w+)(?:\{[^/]*\})?\??(?=\/|$)/g, (_m, name: string) => `/${value(name, index++)}`);
}
