import { ChannelListener } from '../db/listener.ts';

/** The channel the `notifications` table's trigger sends to (migration 0020), with the user's id. */
export const NOTIFICATIONS_CHANNEL = 'astera_notifications';

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
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  readonly #listener: ChannelListener;

  constructor(databaseUrl: string) {
    this.#listener = new ChannelListener(databaseUrl, NOTIFICATIONS_CHANNEL, {
      notified: (userId) => {
        if (userId) this.#changed(userId);
      },
      // Whatever changed while no one listened is unknown: every open stream re-reads.
      listening: () => {
        for (const userId of this.#subscribers.keys()) this.#changed(userId);
      },
    });
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
  start(): Promise<void> {
    return this.#listener.start();
  }

  async close(): Promise<void> {
    const closing = this.#listener.close();
    for (const set of this.#subscribers.values()) for (const subscriber of set) subscriber.closed();
    this.#subscribers.clear();
    await closing;
  }
}
