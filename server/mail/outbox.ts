/** One message as the local outbox keeps it (DESIGN: a new user needs no mail server). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** The links the message carries, so developers and tests can follow them without parsing. */
  links: string[];
  sentAt: string;
}

/** In-memory, newest last, bounded: a long-running dev server must not grow without limit. */
export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  private nextId = 1;

  constructor(private readonly limit = 200) {}

  add(message: Omit<OutboxMessage, 'id' | 'sentAt'>): OutboxMessage {
    const stored = { ...message, id: this.nextId++, sentAt: new Date().toISOString() };
    this.messages.push(stored);
    if (this.messages.length > this.limit) this.messages.splice(0, this.messages.length - this.limit);
    return stored;
  }

  list(): readonly OutboxMessage[] {
    return [...this.messages];
  }
}
