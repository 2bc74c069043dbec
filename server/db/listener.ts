import pg from 'pg';

const RECONNECT_MAX_MS = 5_000;

type ListenerHooks = {
  /** A notification on the channel, with its payload. */
  notified(payload: string | undefined): void;
  /** LISTEN is in place, first or after a reconnect: whatever changed while no one listened is unknown. */
  listening(): void;
  /** The connection is lost (notifications may be missed until `listening` again). */
  lost?(): void;
};

/**
 * A dedicated connection that LISTENs on one channel and reconnects with backoff when it is lost
 * (the caller cache and the notification streams each keep one).
 */
export class ChannelListener {
  readonly #url: string;
  readonly #channel: string;
  readonly #hooks: ListenerHooks;
  #client: pg.Client | null = null;
  #closed = false;
  #retryMs = 100;
  #retry: NodeJS.Timeout | null = null;

  constructor(databaseUrl: string, channel: string, hooks: ListenerHooks) {
    this.#url = databaseUrl;
    this.#channel = channel;
    this.#hooks = hooks;
  }

  /** Connects; resolves after the first attempt (a failed one is retried in the background). */
  async start(): Promise<void> {
    if (this.#closed || this.#client) return;
    // TCP keep-alive notices a connection that died silently (no notification would come through it).
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#hooks.lost?.();
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
      if (message.channel === this.#channel) this.#hooks.notified(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.#channel}`);
    } catch {
      lost();
      return;
    }
    if (this.#client !== client) return;
    this.#retryMs = 100;
    this.#hooks.listening();
  }

  /** Stops listening for good. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
