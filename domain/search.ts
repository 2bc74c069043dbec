/** Entity search (`GET /search?q=`): the answer shape shared by the server and the palette. */
export type SearchHit = {
  /** The entity type, e.g. 'user', 'role', 'person'. */
  type: string;
  id: string;
  title: string;
  subtitle?: string;
  /**
   * The moment the record is of (a call's start), ISO 8601: the palette writes it after the
   * subtitle in the user's own date format (Languages & Region), never the server's.
   */
  at?: string;
  /** The text the query matched (name, email, phone…), for the palette to show. */
  matched: string;
  /** The SPA path of the record's page. */
  path: string;
  score: number;
};

export type SearchGroup = { type: string; label: string; hits: SearchHit[] };

export type SearchAnswer = {
  groups: SearchGroup[];
  /** Set when the query was an exact id or phone number of one record: the palette jumps there. */
  exact: SearchHit | null;
};
