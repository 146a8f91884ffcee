import { call } from '../api.js';
import { badge, h, json, table } from '../dom.js';
import type { Job } from '../types.js';
import type { ViewContext } from './context.js';

const FINISHED = new Set(['completed', 'failed']);

function jobButtons(job: Job, ctx: ViewContext): HTMLElement | string {
  if (FINISHED.has(job.status)) return '';
  const button = (label: string, name: string, body: unknown) =>
    h(
      'button',
      {
        type: 'button',
        'aria-label': `${label} job ${job.id}`,
        onclick: () => void ctx.act(`${label} job ${job.id}`, () => call('POST', name, body)),
      },
      label,
    );
  return h(
    'div',
    { class: 'buttons' },
    button('Step', 'jobs/step', { id: job.id }),
    button('Run', 'jobs/run', { id: job.id }),
    button('Fail', 'jobs/fail', { id: job.id }),
  );
}

export async function jobsView(ctx: ViewContext): Promise<HTMLElement> {
  const { jobs } = await call<{ jobs: Job[] }>('GET', 'jobs');
  return table(
    'Migrations and deletions',
    ['Job', 'Kind', 'Status', 'Steps', 'Details', 'Actions'],
    jobs.map((job) => [
      h('code', {}, job.id),
      job.kind,
      badge(
        job.status,
        job.status === 'completed' ? 'ok' : job.status === 'failed' ? 'bad' : 'warn',
      ),
      h('progress', {
        max: job.stepsTotal,
        value: job.stepsDone,
        'aria-label': `steps of ${job.id}`,
      }),
      [
        `${job.stepsDone} of ${job.stepsTotal}`,
        job.reason ? ` — ${job.reason}` : '',
        json(job.spec),
      ],
      jobButtons(job, ctx),
    ]),
  );
}
