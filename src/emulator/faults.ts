import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { EmulatorError, type ErrorStatus } from './errors.js';

/**
 * Fault injection for testing clients (docs/emulator-faults.md). For each API request,
 * every rule whose path matches fires with its own probability, drawn from a PRNG seeded by
 * the plan, so the same requests in the same order meet the same faults. Latency rules add
 * up. Status and drop rules exclude one another, so they share one draw: each takes the next
 * slice of [0, 1) as wide as its probability, and fires as often as it says whatever the
 * others say (docs/emulator-faults.md).
 */

const statusFault = z.strictObject({
  fault: z.literal('status'),
  status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
  /** Seconds, sent as `Retry-After` (429 and 503). */
  retryAfter: z.number().int().min(0).max(3600).optional(),
});
const latencyMs = z.number().int().min(0).max(60_000);
const latencyFault = z.strictObject({
  fault: z.literal('latency'),
  /** Milliseconds: fixed, or a range drawn uniformly. */
  ms: z.union([
    latencyMs,
    z
      .tuple([latencyMs, latencyMs])
      .refine(([low, high]) => low <= high, 'the low end of the range is above the high end'),
  ]),
});
/** `drop-before`: the connection closes unanswered, nothing done; `drop-after`: done, then closed. */
const dropFault = z.strictObject({ fault: z.enum(['drop-before', 'drop-after']) });

const common = {
  /** An exact API path, or a prefix ending in `*`; every API path when absent. */
  path: z.string().min(1).optional(),
  probability: z.number().min(0).max(1),
};

export const faultRule = z.union([
  statusFault.extend(common),
  latencyFault.extend(common),
  dropFault.extend(common),
]);
export const faultPlan = z.strictObject({
  seed: z.number().int().optional(),
  rules: z.array(faultRule).max(100),
});
export type FaultPlan = z.infer<typeof faultPlan>;

export type FaultOutcome =
  | { kind: 'none' }
  | { kind: 'answer'; error: EmulatorError }
  | { kind: 'drop-before' }
  | { kind: 'drop-after' };

export interface FaultDecision {
  latencyMs: number;
  outcome: FaultOutcome;
  /** For the journal: what was injected, e.g. `latency 37ms, status 503`. */
  label?: string;
}

const errorStatusFor: Record<429 | 500 | 503, ErrorStatus> = {
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** mulberry32: small, fast and good enough to make test faults reproducible. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function matches(rulePath: string | undefined, path: string): boolean {
  if (rulePath === undefined) return true;
  return rulePath.endsWith('*') ? path.startsWith(rulePath.slice(0, -1)) : path === rulePath;
}

export class Faults {
  private current: FaultPlan = { rules: [] };
  private random: () => number = Math.random;

  constructor(plan?: FaultPlan) {
    if (plan) this.set(plan);
  }

  /** Replaces the plan; the PRNG starts again from its seed. */
  set(plan: FaultPlan): void {
    this.current = plan;
    this.random = plan.seed === undefined ? Math.random : seededRandom(plan.seed);
  }

  plan(): FaultPlan {
    return this.current;
  }

  decide(path: string): FaultDecision {
    const rules = this.current.rules.filter((rule) => matches(rule.path, path));
    let latencyMs = 0;
    const labels: string[] = [];
    for (const rule of rules) {
      if (rule.fault !== 'latency' || this.random() >= rule.probability) continue;
      const [low, high] = typeof rule.ms === 'number' ? [rule.ms, rule.ms] : rule.ms;
      const ms = Math.round(low + this.random() * (high - low));
      latencyMs += ms;
      labels.push(`latency ${ms}ms`);
    }

    let outcome: FaultOutcome = { kind: 'none' };
    const exclusive = rules.filter((rule) => rule.fault !== 'latency');
    if (exclusive.length > 0) {
      const draw = this.random();
      let floor = 0;
      for (const rule of exclusive) {
        // Probabilities adding up past 1 leave the later rules what remains.
        const ceiling = Math.min(1, floor + rule.probability);
        if (draw < ceiling) {
          outcome = this.outcomeOf(rule);
          labels.push(rule.fault === 'status' ? `status ${rule.status}` : rule.fault);
          break;
        }
        floor = ceiling;
      }
    }
    return { latencyMs, outcome, ...(labels.length > 0 && { label: labels.join(', ') }) };
  }

  private outcomeOf(rule: Exclude<z.infer<typeof faultRule>, { fault: 'latency' }>): FaultOutcome {
    if (rule.fault !== 'status') return { kind: rule.fault };
    const headers: Record<string, string> =
      rule.retryAfter === undefined ? {} : { 'retry-after': String(rule.retryAfter) };
    return {
      kind: 'answer',
      error: new EmulatorError(errorStatusFor[rule.status], 'Injected fault.', { headers }),
    };
  }
}

export const sleepFor = (ms: number): Promise<void> => (ms > 0 ? delay(ms) : Promise.resolve());
