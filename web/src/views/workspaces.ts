import { call } from '../api.js';
import { badge, h, section, table } from '../dom.js';
import type { ConsoleOptions, Snapshot, Workspace } from '../types.js';
import type { ViewContext } from './context.js';

const OPTIONS: { name: keyof ConsoleOptions; label: string; gates: string }[] = [
  { name: 'advancedQueries', label: 'Advanced queries', gates: 'folders add, notifications get' },
  { name: 'activityService', label: 'Activity service', gates: 'activity logs' },
  { name: 'notificationConfig', label: 'Notification config', gates: 'notification config (v1)' },
];

type Revealed = Pick<Workspace, 'workspaceToken' | 'apiKeys'>;

function optionSwitch(
  ws: Workspace,
  option: (typeof OPTIONS)[number],
  ctx: ViewContext,
): HTMLElement {
  const id = `opt-${ws.id}-${option.name}`;
  const on = ws.consoleOptions[option.name];
  return h(
    'div',
    { class: 'switch' },
    h('input', {
      type: 'checkbox',
      role: 'switch',
      id,
      checked: on,
      'aria-describedby': `${id}-gates`,
      onchange: (event: Event) => {
        const checked = (event.target as HTMLInputElement).checked;
        void ctx.act(`${option.label} ${checked ? 'on' : 'off'} for ${ws.id}`, () =>
          call('POST', 'console-options', { workspaceId: ws.id, [option.name]: checked }),
        );
      },
    }),
    h('label', { for: id }, option.label),
    h('span', { id: `${id}-gates`, class: 'hint' }, `gates ${option.gates}`),
  );
}

function workspaceCard(ws: Workspace, ctx: ViewContext): HTMLElement {
  const secrets: HTMLElement[] = [];
  const secret = (masked: string) => {
    const el = h('code', { class: 'secret' }, masked);
    secrets.push(el);
    return el;
  };
  const reveal = h(
    'button',
    {
      type: 'button',
      'aria-pressed': 'false',
      onclick: async () => {
        if (reveal.getAttribute('aria-pressed') === 'true')
          return ctx.act('Tokens masked again', async () => undefined);
        let tokens: Revealed;
        try {
          tokens = await call<Revealed>('POST', 'reveal', { workspaceId: ws.id });
        } catch (err) {
          return ctx.say(`Could not reveal the tokens: ${(err as Error).message}`, true);
        }
        const clear = [
          tokens.workspaceToken,
          ...tokens.apiKeys.flatMap((k) => k.authTokens.map((t) => t.token)),
        ];
        secrets.forEach((el, i) => (el.textContent = clear[i] ?? el.textContent));
        reveal.setAttribute('aria-pressed', 'true');
        reveal.textContent = 'Hide tokens';
        ctx.say(`Tokens of ${ws.id} shown.`);
      },
    },
    'Reveal tokens',
  );
  return h(
    'article',
    { class: 'card', 'aria-labelledby': `ws-${ws.id}` },
    h('h2', { id: `ws-${ws.id}` }, ws.name || ws.id, ' ', h('code', {}, ws.id)),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Owner'),
      h('dd', {}, `${ws.ownerName} <${ws.ownerEmail}>`),
      h('dt', {}, 'Email'),
      h('dd', {}, ws.emailVerified ? badge('verified', 'ok') : badge('not verified', 'warn')),
      h('dt', {}, 'Workspace token'),
      h('dd', {}, secret(ws.workspaceToken), ' ', reveal),
    ),
    table(
      `API keys of ${ws.id}`,
      ['API key', 'Name', 'Type', 'Auth tokens'],
      ws.apiKeys.map((k) => [
        h('code', {}, k.id),
        k.name,
        k.type,
        k.authTokens.map((t) => h('div', {}, `${t.name}: `, secret(t.token))),
      ]),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Console options'),
      OPTIONS.map((o) => optionSwitch(ws, o, ctx)),
    ),
  );
}

export async function workspacesView(ctx: ViewContext): Promise<HTMLElement> {
  const state = await call<Snapshot>('GET', 'state');
  if (state.workspaces.length === 0)
    return section(
      'Workspaces',
      h('p', {}, 'No workspaces yet. Seed one, or run svc workspace create.'),
    );
  return h(
    'div',
    { class: 'stack' },
    state.workspaces.map((ws) => workspaceCard(ws, ctx)),
  );
}
