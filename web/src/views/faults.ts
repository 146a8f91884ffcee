import { call } from '../api.js';
import { h, json, section } from '../dom.js';
import type { Snapshot } from '../types.js';
import type { ViewContext } from './context.js';

const EXAMPLE =
  '{"rules": [{"path": "/v1/organizations/folders/add", "fault": "status", "status": 503, "probability": 0.5}]}';

export async function faultsView(ctx: ViewContext): Promise<HTMLElement> {
  const { faults } = await call<Snapshot>('GET', 'state');
  const editor = h('textarea', {
    id: 'fault-plan',
    rows: 8,
    spellcheck: 'false',
    'aria-describedby': 'fault-help',
  });
  (editor as HTMLTextAreaElement).value = JSON.stringify(faults, null, 2);
  const submit = (event: Event) => {
    event.preventDefault();
    let plan: unknown;
    try {
      plan = JSON.parse((editor as HTMLTextAreaElement).value);
    } catch {
      ctx.say('The fault plan is not valid JSON.', true);
      return;
    }
    void ctx.act('Fault plan replaced', () => call('POST', 'faults', plan));
  };
  return h(
    'div',
    { class: 'stack' },
    section('Active fault plan', json(faults)),
    section(
      'Change it',
      h(
        'form',
        { onsubmit: submit },
        h('label', { for: 'fault-plan' }, 'Fault plan (JSON)'),
        editor,
        h(
          'p',
          { id: 'fault-help', class: 'hint' },
          `The same plan as --faults takes (docs/emulator-faults.md), e.g. ${EXAMPLE}.`,
        ),
        h(
          'div',
          { class: 'buttons' },
          h('button', { type: 'submit' }, 'Replace the plan'),
          h(
            'button',
            {
              type: 'button',
              onclick: () =>
                void ctx.act('Faults cleared', () => call('POST', 'faults', { rules: [] })),
            },
            'Clear all faults',
          ),
        ),
      ),
    ),
  );
}
