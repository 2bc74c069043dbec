import { messages } from './messages.ts';

/**
 * The public pages: pages a patient or a practice's visitor opens without signing in, each its
 * own Vite entry with no sign-in code, served outside the signed-in SPA (ARCHITECTURE "Public
 * pages are a list"). This list is what the build (vite.config.ts), the checkout's build check
 * (scripts/ensure.mjs, through the entries' files), the portal (server/portal.ts,
 * server/main.ts), the shared throttle (server/public-page-throttle.ts) and the budget test
 * (src/first-screen-size.test.ts) read; none of them names a page. How to add one:
 * docs/public-pages.md.
 */

/** So many uses per client (address, or IPv6 /64) in so many minutes: the shape of the sign-in throttle's `Limit`. */
export type PublicPageLimit = { attempts: number; minutes: number };

/** The account a page at an address belongs to, as the portal found it (server/portal.ts `accountOf`). */
export type PublicPageAccount = {
  id: string;
  /** The practice's own sites (origins such as `https://clinic.example`), which may frame a page that allows it. */
  sites: readonly string[];
};

/** The headers a page's answer varies by; everything else is the portal's (its CSP, nosniff, Referrer-Policy). */
export type PublicPageHeaders = {
  /** Origins that may frame the page (CSP `frame-ancestors`); none: `frame-ancestors 'none'` and `X-Frame-Options: DENY`. */
  frameAncestors: readonly string[];
};

export type PublicPage<Name extends string = string, Kind extends string = string> = {
  /** The Vite entry's name, the throttle's counters' prefix and the key of its limits in the server's settings. */
  name: Name;
  /** The page's HTML at the top of the checkout (built to `dist/{entry}`), which loads `src/public/{name}/main.ts`. */
  entry: string;
  /** Where the portal serves it, in Hono's route syntax. */
  route: string;
  /** The most JavaScript (gzip bytes, all files it loads) the page may load: checked on the build by the budget test. */
  jsBudgetBytes: number;
  /** The page's headers for the account it belongs to (null when the portal does not look it up). */
  headers: (account: PublicPageAccount | null) => PublicPageHeaders;
  /** Its public endpoints' limits per client, by what is counted (the server's settings may replace each). */
  limits: Record<Kind, PublicPageLimit>;
  /** What a client told it is over a limit reads (429). */
  tooManyRequests: string;
};

/** Keeps each page's name and throttle kinds as literal types, so a wrong name or kind does not compile. */
const publicPageOf = <Name extends string, Kind extends string>(page: PublicPage<Name, Kind>) => page;

/** A page no one may frame: the same headers for every account. */
const neverFramed = (): PublicPageHeaders => ({ frameAncestors: [] });

export const publicPages = [
  /**
   * The patients' survey (issue 11): a campaign's question, answered once. A patient answers once;
   * a household or a clinic's guest network shares one address, so a few dozen answers per 10
   * minutes pass, and a script filling the results does not.
   */
  publicPageOf({
    name: 'survey',
    entry: 'survey.html',
    route: '/survey/:campaignId',
    jsBudgetBytes: 20 * 1024,
    headers: neverFramed,
    limits: {
      /** Answers sent (`POST /surveys/public/surveys`), refused or not. */
      answers: { attempts: 30, minutes: 10 },
      /** Campaigns read by the page (`GET /surveys/public/campaigns/{id}`). */
      reads: { attempts: 300, minutes: 10 },
    },
    tooManyRequests: messages.surveyTooManyRequests,
  }),
  /**
   * The call-masking page (spec §2, §4; issue 42): a patient's link to be called by the practice.
   * A call costs money and click-to-call pages draw toll fraud: calls are counted per client, per
   * session and per number called, besides the session's own allowance and the practice's daily cap.
   */
  publicPageOf({
    name: 'mask',
    entry: 'mask.html',
    route: '/mask/:id',
    jsBudgetBytes: 12 * 1024,
    headers: neverFramed,
    limits: {
      /** Calls started (`POST /call_masking/callMask/{id}`) per client, answered or not. */
      calls: { attempts: 10, minutes: 10 },
      /** Calls started per session (key: the session), whoever presses. */
      session: { attempts: 5, minutes: 10 },
      /** Calls started to one patient number, whichever session. */
      destination: { attempts: 6, minutes: 60 },
      /** Sessions read by the page (`GET /call_masking/callMask/{id}`). */
      reads: { attempts: 120, minutes: 10 },
    },
    tooManyRequests: 'Too many tries from this connection; please wait a few minutes and try again.',
  }),
  /**
   * The chat widget (spec §2 `/astera/chat/{id}`; issue 42): a practice's chat, framed by the sites
   * the practice lists (its account's `sites`; none, or an unknown or turned-off widget: never framed).
   * A conversation is a few dozen messages; a practice's waiting room shares one address.
   */
  publicPageOf({
    name: 'chat',
    entry: 'chat.html',
    route: '/astera/chat/:id',
    jsBudgetBytes: 15 * 1024,
    headers: (account) => ({ frameAncestors: account?.sites ?? [] }),
    limits: {
      /** Conversations started (`POST /chat/public/widgets/{id}/conversations`) per client. */
      starts: { attempts: 20, minutes: 10 },
      /** Messages sent and conversations ended per client. */
      messages: { attempts: 120, minutes: 10 },
      /** Messages per conversation (key: the conversation), from any address. */
      conversation: { attempts: 60, minutes: 10 },
      /** Widgets and messages read (each long poll is one). */
      reads: { attempts: 900, minutes: 10 },
    },
    tooManyRequests: 'Too many messages from this connection; please wait a few minutes and try again.',
  }),
] as const;

type ListedPage = (typeof publicPages)[number];
export type PublicPageName = ListedPage['name'];

/** The listed page of that name, with its own throttle kinds. */
export function publicPage<Name extends PublicPageName>(name: Name): Extract<ListedPage, { name: Name }> {
  return publicPages.find((page): page is Extract<ListedPage, { name: Name }> => page.name === name)!;
}

/** Limits that replace a page's own (the server's settings; tests make them strict or loose). */
export type PublicPageLimits = { [Page in ListedPage as Page['name']]?: Partial<Page['limits']> };
