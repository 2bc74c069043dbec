/**
 * The tables now live by area in server/db/schema/ (index.ts gathers them). This file only keeps
 * the old import path working while other branches still import it; once they are merged,
 * `sed -i "s#db/schema\.ts#db/schema/index.ts#; s#'\./schema\.ts'#'./schema/index.ts'#"` on the
 * importers lets it go.
 */
export * from './schema/index.ts';
