import type { NavigateOptions } from '@tanstack/react-router';

/** The app's absolute paths, as the router spells them for `to`. */
type AppPath = Exclude<NonNullable<NavigateOptions['to']>, '.' | '..'>;
/** An app path to one record, with the record's id as its only parameter ('/practice/persons/$personId'). */
export type RecordPath = Exclude<Extract<AppPath, `${string}/$${string}`>, '/$'>;
/** An app path without parameters ('/practice/person/create'). */
export type StaticPath = Exclude<AppPath, `${string}$${string}`>;

/** The name of a record path's parameter ('personId'; 'teamId' in '/…/teams/$teamId/channels'). */
export const paramOf = (path: RecordPath) => /\$([^/]+)/.exec(path)![1]!;

/**
 * The params of a record's page. The router types params per route, and a RecordList only knows
 * its route at run time; RecordPath guarantees the route exists and has this one parameter.
 */
export const recordParams = (path: RecordPath, id: string) => ({ [paramOf(path)]: id }) as never;

/** The plain path of a record's page, for the side panel. */
export const recordHref = (path: RecordPath, id: string) => path.replace(`$${paramOf(path)}`, id);
