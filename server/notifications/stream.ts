import { ChannelListener } from '../db/listener.ts';

/** The channel the `notifications` table's trigger sends to (migration 0020), with the user's id. */
export const NOTIFICATIONS_CHANNEL = 'astera_notifications';

/**
 * The channel new and changed interactions are told on (the `interactions` table's insert trigger,
 * migration 0028, and its update trigger, 0042, whoever writes: the API, the contact center's
 * ingestion, the telephony call history): `<accountId>:<interactionId>`, or `<accountId>:*` for a
 * bulk load or change.
 */
export const INTERACTIONS_CHANNEL = 'astera_interactions';

/** The channel a web chat's new messages are told on (server/chat/chat.ts): `<accountId>:<chatId>`. */
export const CHAT_CHANNEL = 'astera_chat';

type AccountSubscriber = {
  /** A new or changed interaction of the account (its id, or '*' for many). */
  interaction(id: string): void;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
  readonly #accounts = new Map<string, Set<AccountSubscriber>>();
  readonly #interactions: ChannelListener;
  readonly #chats = new Map<string, Set<() => void>>();
  readonly #chatListener: ChannelListener;

  constructor(databaseUrl: string) {
    this.#interactions = new ChannelListener(databaseUrl, INTERACTIONS_CHANNEL, {
      notified: (payload) => {
        const [accountId, id, ...rest] = (payload ?? '').split(':');
        if (rest.length > 0 || !accountId || !uuidPattern.test(accountId) || !id || (id !== '*' && !uuidPattern.test(id))) return;
        for (const subscriber of this.#accounts.get(accountId) ?? []) subscriber.interaction(id);
      },
      // Calls that arrived while no one listened are unknown: open lists reload.
      listening: () => {
        for (const set of this.#accounts.values()) for (const subscriber of set) subscriber.interaction('*');
      },
    });
    this.#chatListener = new ChannelListener(databaseUrl, CHAT_CHANNEL, {
      notified: (payload) => {
        const chatId = (payload ?? '').split(':')[1];
        if (chatId) for (const subscriber of this.#chats.get(chatId) ?? []) subscriber();
      },
      // Messages written while no one listened: every waiting reader reads again.
      listening: () => {
        for (const set of this.#chats.values()) for (const subscriber of set) subscriber();
      },
    });
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

  /**
   * Calls `subscriber` for each new interaction of `accountId`; returns the unsubscribe. The
   * caller decides who may subscribe (only a role that may GET interactions in that account).
   */
  subscribeAccount(accountId: string, subscriber: AccountSubscriber): () => void {
    let set = this.#accounts.get(accountId);
    if (!set) this.#accounts.set(accountId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.#accounts.get(accountId) === set) this.#accounts.delete(accountId);
    };
  }

  /** Calls `subscriber` when a web chat gets a message (or may have); returns the unsubscribe. */
  subscribeChat(chatId: string, subscriber: () => void): () => void {
    let set = this.#chats.get(chatId);
    if (!set) this.#chats.set(chatId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.#chats.get(chatId) === set) this.#chats.delete(chatId);
    };
  }

  #changed(userId: string) {
    for (const subscriber of this.#subscribers.get(userId) ?? []) subscriber.changed();
  }

  /** Connects the listener; resolves after the first attempt (a failed one is retried in the background). */
  async start(): Promise<void> {
    await Promise.all([this.#listener.start(), this.#interactions.start(), this.#chatListener.start()]);
  }

  async close(): Promise<void> {
    const closing = Promise.all([this.#listener.close(), this.#interactions.close(), this.#chatListener.close()]);
    this.#accounts.clear();
    for (const set of this.#chats.values()) for (const subscriber of set) subscriber();
    this.#chats.clear();
    for (const set of this.#subscribers.values()) for (const subscriber of set) subscriber.closed();
    this.#subscribers.clear();
    await closing;
  }
}
