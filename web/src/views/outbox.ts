import { call } from '../api.js';
import { h, table, time } from '../dom.js';
import type { OutboxMessage } from '../types.js';

export async function outboxView(): Promise<HTMLElement> {
  const { messages } = await call<{ messages: OutboxMessage[] }>('GET', 'outbox');
  return table(
    'Emails the emulator sent',
    ['Sent', 'Kind', 'To', 'Subject', 'Link'],
    messages.map((m) => [
      time(m.createdAt),
      m.kind,
      m.to,
      m.subject,
      m.link ? h('a', { href: m.link, rel: 'noreferrer' }, m.link) : '',
    ]),
  );
}
