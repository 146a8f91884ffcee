import { call, CallFailed } from './api.js';
import { h } from './dom.js';
import { onCall, startLiveLog } from './live.js';
import type { ViewContext } from './views/context.js';
import { dataView } from './views/data.js';
import { faultsView } from './views/faults.js';
import { jobsView } from './views/jobs.js';
import { outboxView } from './views/outbox.js';
import { exchangeItem, requestsView } from './views/requests.js';
import { webhooksView } from './views/webhooks.js';
import { workspacesView } from './views/workspaces.js';

const BASE = '/_emulator/ui/';

interface View {
  path: string;
  title: string;
  render: (ctx: ViewContext) => Promise<HTMLElement> | HTMLElement;
}

const VIEWS: readonly View[] = [
  { path: 'workspaces', title: 'Workspaces', render: workspacesView },
  { path: 'data', title: 'Data', render: dataView },
  { path: 'requests', title: 'Requests', render: requestsView },
  { path: 'outbox', title: 'Outbox', render: outboxView },
  { path: 'jobs', title: 'Jobs', render: jobsView },
  { path: 'webhooks', title: 'Webhooks', render: webhooksView },
  { path: 'faults', title: 'Faults', render: faultsView },
];

const main = document.getElementById('main') as HTMLElement;
const nav = document.getElementById('nav') as HTMLElement;
const statusLine = document.getElementById('status') as HTMLElement;

/** The view an address names; the UI's own root shows the data. */
function viewOf(pathname: string): View {
  const name = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : '';
  return VIEWS.find((v) => v.path === name) ?? (VIEWS[1] as View);
}

function say(message: string, failed = false): void {
  statusLine.textContent = message;
  statusLine.classList.toggle('failed', failed);
}

const ctx: ViewContext = {
  say,
  async act(description, work) {
    let failure: string | undefined;
    try {
      await work();
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    // Said once the view shows the outcome, so what is announced is what is on screen.
    await show(false);
    if (failure === undefined) say(`${description}.`);
    else say(`${description} failed: ${failure}`, true);
  },
};

let current: View | undefined;

/** Draws the view of the address; `focus` moves the keyboard to it, as after a navigation. */
async function show(focus: boolean): Promise<void> {
  const view = viewOf(location.pathname);
  current = view;
  document.title = `${view.title} · svc emulator`;
  for (const link of nav.querySelectorAll('a')) {
    if (link.dataset.view === view.path) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  let content: HTMLElement;
  try {
    content = await view.render(ctx);
  } catch (err) {
    const message = err instanceof CallFailed ? err.message : String(err);
    content = h('p', { class: 'failed' }, `Could not load this view: ${message}`);
  }
  if (current !== view) return;
  const heading = h('h1', { tabindex: -1 }, view.title);
  // A redraw leaves the keyboard where it was, on the heading it replaces.
  const keepFocus = focus || document.activeElement === main.querySelector('h1');
  main.replaceChildren(heading, content);
  main.dataset.view = view.path;
  if (keepFocus) heading.focus();
}

function navigate(path: string): void {
  history.pushState(null, '', BASE + path);
  void show(true);
}

function buildNav(): void {
  nav.append(
    h(
      'ul',
      {},
      VIEWS.map((v) =>
        h(
          'li',
          {},
          h(
            'a',
            {
              href: BASE + v.path,
              'data-view': v.path,
              onclick: (event: Event) => {
                const mouse = event as MouseEvent;
                if (mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.button !== 0) return;
                event.preventDefault();
                navigate(v.path);
              },
            },
            v.title,
          ),
        ),
      ),
    ),
  );
}

/** A modal question; the dialog element keeps the keyboard inside it and Escape cancels. */
function confirm(question: string, action: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { 'aria-labelledby': 'confirm-text' },
      h(
        'form',
        { method: 'dialog' },
        h('p', { id: 'confirm-text' }, question),
        h(
          'div',
          { class: 'buttons' },
          h('button', { value: 'cancel', autofocus: true }, 'Cancel'),
          h('button', { value: 'confirm', class: 'danger' }, action),
        ),
      ),
    ) as HTMLDialogElement;
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'confirm');
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

async function exportState(): Promise<void> {
  try {
    const state = await call<unknown>('GET', 'export');
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' }),
    );
    const link = h('a', { href: url, download: 'emulator-state.json' });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say('State exported to emulator-state.json (it holds every token in clear).');
  } catch (err) {
    say(`Export failed: ${err instanceof Error ? err.message : String(err)}`, true);
  }
}

function buildActions(): void {
  const file = h('input', {
    type: 'file',
    id: 'import-file',
    accept: 'application/json,.json',
    class: 'visually-hidden',
    onchange: async () => {
      const chosen = (file as HTMLInputElement).files?.[0];
      (file as HTMLInputElement).value = '';
      if (!chosen) return;
      if (!(await confirm(`Replace the whole state with ${chosen.name}?`, 'Import'))) return;
      let body: unknown;
      try {
        body = JSON.parse(await chosen.text());
      } catch {
        return say(`${chosen.name} is not JSON.`, true);
      }
      await ctx.act(`Imported ${chosen.name}`, () => call('POST', 'import', body));
    },
  });
  document.getElementById('actions')?.append(
    h('button', { type: 'button', onclick: () => void exportState() }, 'Export'),
    file,
    h(
      'label',
      {
        for: 'import-file',
        class: 'button',
        tabindex: 0,
        role: 'button',
        onkeydown: (event: Event) => {
          const key = (event as KeyboardEvent).key;
          if (key === 'Enter' || key === ' ') {
            event.preventDefault();
            (file as HTMLInputElement).click();
          }
        },
      },
      'Import',
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'danger',
        onclick: async () => {
          if (
            await confirm(
              'Reset the emulator? Every workspace and all data will be deleted.',
              'Reset',
            )
          )
            await ctx.act('Emulator reset', () => call('POST', 'reset'));
        },
      },
      'Reset',
    ),
  );
}

/** The views whose content API calls change, redrawn as calls arrive. */
const FOLLOWS_CALLS = new Set(['workspaces', 'data', 'outbox', 'jobs', 'webhooks']);
let redraw: ReturnType<typeof setTimeout> | undefined;

/** Whether the user has a control of the view in hand: a redraw would take it away. */
function busy(): boolean {
  const active = document.activeElement;
  return active !== null && main.contains(active) && active !== main.querySelector('h1');
}

function followCalls(): void {
  onCall((exchange, live) => {
    if (current?.path === 'requests') {
      document.getElementById('no-calls')?.remove();
      document.getElementById('calls')?.prepend(exchangeItem(exchange));
      return;
    }
    // The view was drawn after those calls: only new ones can change it.
    if (!live) return;
    clearTimeout(redraw);
    // Once a burst of calls settles, not once per call.
    redraw = setTimeout(() => {
      if (current && FOLLOWS_CALLS.has(current.path) && !busy()) void show(false);
    }, 150);
  });
}

buildNav();
buildActions();
window.addEventListener('popstate', () => void show(true));
startLiveLog((message) => say(message, true));
followCalls();
void show(false);
