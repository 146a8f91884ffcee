import { badge, clock, h, json, time } from '../dom.js';
import { loggedCalls } from '../live.js';
import type { Decision, Exchange } from '../types.js';

function statusBadge(e: Exchange): HTMLElement {
  if (e.httpStatus === 0) return badge('dropped', 'bad');
  const text = e.errorStatus ? `${e.httpStatus} ${e.errorStatus}` : String(e.httpStatus);
  return badge(text, e.httpStatus < 400 ? 'ok' : 'bad');
}

function decisionItem(d: Decision): HTMLElement {
  return h(
    'li',
    { class: d.allowed ? 'allowed' : 'denied' },
    badge(d.allowed ? 'allowed' : 'denied', d.allowed ? 'ok' : 'bad'),
    ' ',
    h('strong', {}, d.subject),
    `: ${d.reason}`,
  );
}

/** One call: a summary line that opens onto its bodies and decisions. */
export function exchangeItem(e: Exchange): HTMLElement {
  return h(
    'li',
    { class: 'call', 'data-seq': e.seq },
    h(
      'details',
      {},
      h(
        'summary',
        {},
        h(
          'span',
          { class: 'row' },
          h(
            'time',
            { datetime: new Date(e.time).toISOString(), title: time(e.time) },
            clock(e.time),
          ),
          h('span', { class: 'op' }, e.operation ?? `${e.method} ${e.path}`),
          h('span', { class: 'auth' }, e.auth ?? ''),
          h('span', { class: 'ws' }, e.workspaceId ?? ''),
          statusBadge(e),
          h('span', { class: 'latency' }, `${e.latencyMs} ms`),
          e.decisions.length > 0
            ? badge(`${e.decisions.length} check${e.decisions.length > 1 ? 's' : ''}`, 'muted')
            : null,
          e.fault ? badge(`fault: ${e.fault}`, 'warn') : null,
        ),
      ),
      e.decisions.length > 0
        ? h(
            'div',
            {},
            h('h3', {}, 'Permission checks'),
            h('ul', { class: 'decisions' }, e.decisions.map(decisionItem)),
          )
        : null,
      h(
        'div',
        { class: 'bodies' },
        h('div', {}, h('h3', {}, 'Request'), json(e.request ?? null)),
        h('div', {}, h('h3', {}, 'Response'), json(e.response ?? null)),
      ),
    ),
  );
}

export function requestsView(): HTMLElement {
  const calls = [...loggedCalls()].reverse();
  return h(
    'section',
    { 'aria-label': 'Calls' },
    h(
      'p',
      { class: 'hint' },
      'Every API call, newest first, as it arrives. Open one for its bodies (secrets redacted) and the permission checks the emulator made.',
    ),
    h(
      'div',
      { class: 'call-head', 'aria-hidden': 'true' },
      ['Time', 'Operation', 'Auth', 'Workspace', 'Status', 'Latency'].map((t) => h('span', {}, t)),
    ),
    h('ol', { id: 'calls', class: 'calls', reversed: true }, calls.map(exchangeItem)),
    calls.length === 0
      ? h('p', { id: 'no-calls' }, 'No calls yet. Run a svc command against this emulator.')
      : null,
  );
}
