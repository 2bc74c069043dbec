import pg from 'pg';

/** The channel the `notifications` table's trigger sends to (migration 0020), with the user's id. */
export const NOTIFICATIONS_CHANNEL = 'astera_notifications';

const RECONNECT_MAX_MS = 5_000;

type Subscriber = {
  /** Something of this user's notifications changed (or may have: after a lost connection). */
  changed(): void;
  /** The server stops: end the stream so the client reconnects to another process. */
  closed(): void;
};

/**
 * This process's listener for changes of users' notifications, whichever process made them: a
 * dedicated connection LISTENs on the table's channel and wakes the streams of that user
 * (GET /notifications/stream). With several server processes each has one; PostgreSQL tells all.
 */
export class NotificationHub {
  readonly #url: string;
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  #client: pg.Client | null = null;
  #closed = false;
  #retryMs = 100;
  #retry: NodeJS.Timeout | null = null;

  constructor(databaseUrl: string) {
    this.#url = databaseUrl;
  }

  /** Open streams (for tests and the shutdown). */
  get size() {
    let n = 0;
    for (const set of this.#subscribers.values()) n += set.size;
    return n;
  }

  /** Calls `subscriber` when `userId`'s notifications change; returns the unsubscribe. */
  subscribe(userId: string, subscriber: Subscriber): () => void {
    let set = this.#subscribers.get(userId);
    if (!set) this.#subscribers.set(userId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.#subscribers.get(userId) === set) this.#subscribers.delete(userId);
    };
  }

  #changed(userId: string) {
    for (const subscriber of this.#subscribers.get(userId) ?? []) subscriber.changed();
  }

  /** Connects the listener; resolves after the first attempt (a failed one is retried in the background). */
  async start(): Promise<void> {
    if (this.#closed || this.#client) return;
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (this.#closed) return;
      this.#retry = setTimeout(() => {
        this.#retry = null;
        void this.start();
      }, this.#retryMs);
      this.#retryMs = Math.min(this.#retryMs * 2, RECONNECT_MAX_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === NOTIFICATIONS_CHANNEL && message.payload) this.#changed(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (this.#client !== client) return;
    this.#retryMs = 100;
    // Whatever changed while no one listened is unknown: every open stream re-reads.
    for (const userId of this.#subscribers.keys()) this.#changed(userId);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    for (const set of this.#subscribers.values()) for (const subscriber of set) subscriber.closed();
    this.#subscribers.clear();
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
