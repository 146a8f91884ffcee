import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import { EmulatorError, type ErrorStatus } from './errors.js';

/**
 * Fault injection for testing clients (design/emulator.md, item 10). Rules are tried in
 * order for each API request whose path they match; each fires with its probability, drawn
 * from a PRNG seeded by the plan, so the same requests in the same order meet the same
 * faults. Latency rules add up; the first status or drop rule to fire decides the outcome.
 */

const statusFault = z.strictObject({
  fault: z.literal('status'),
  status: z.union([z.literal(429), z.literal(500), z.literal(503)]),
  /** Seconds, sent as `Retry-After` (429 and 503). */
  retryAfter: z.number().int().min(0).max(3600).optional(),
});
const latencyFault = z.strictObject({
  fault: z.literal('latency'),
  /** Milliseconds: fixed, or a range drawn uniformly. */
  ms: z.union([
    z.number().int().min(0).max(60_000),
    z.tuple([z.number().int().min(0), z.number().int().max(60_000)]),
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
    let latencyMs = 0;
    let outcome: FaultOutcome = { kind: 'none' };
    const labels: string[] = [];
    for (const rule of this.current.rules) {
      if (!matches(rule.path, path) || this.random() >= rule.probability) continue;
      if (rule.fault === 'latency') {
        const [low, high] = typeof rule.ms === 'number' ? [rule.ms, rule.ms] : rule.ms;
        const ms = Math.round(low + this.random() * Math.max(0, high - low));
        latencyMs += ms;
        labels.push(`latency ${ms}ms`);
        continue;
      }
      if (outcome.kind !== 'none') continue;
      if (rule.fault === 'status') {
        const headers: Record<string, string> =
          rule.retryAfter === undefined ? {} : { 'retry-after': String(rule.retryAfter) };
        outcome = {
          kind: 'answer',
          error: new EmulatorError(errorStatusFor[rule.status], 'Injected fault.', { headers }),
        };
        labels.push(`status ${rule.status}`);
      } else {
        outcome = { kind: rule.fault };
        labels.push(rule.fault);
      }
    }
    return { latencyMs, outcome, ...(labels.length > 0 && { label: labels.join(', ') }) };
  }
}

export const sleepFor = (ms: number): Promise<void> => (ms > 0 ? delay(ms) : Promise.resolve());
