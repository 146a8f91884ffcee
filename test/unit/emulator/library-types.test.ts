import type * as z from 'zod';
import { describe, expectTypeOf, it } from 'vitest';
import type { fixture } from '../../../src/emulator/fixtures/schema.js';
import type {
  Emulator,
  EmulatorEnv,
  EmulatorStartCode,
  EmulatorStartError,
  Fixture,
  JournalEntry,
  RequestOf,
  ResponseOf,
  StartEmulatorOptions,
  WebhookDelivery,
} from '../../../src/emulator/library.js';

/**
 * What the emulator library (the package's emulator export) gives a test to type its calls
 * with. These are checked by the type check (`npm run typecheck`, which covers test/), where
 * a wrong type or a `@ts-expect-error` that no longer errs fails; at run time they do nothing.
 */

type SeedArgument = Parameters<Emulator['seed']>[0];

describe('the emulator library types', () => {
  it('Fixture is the input of the fixture schema, member for member', () => {
    // `branded` compares member by member, deeply: zod's types and the plain ones are the
    // same shapes written differently, which the plain comparison tells apart.
    expectTypeOf<Fixture>().branded.toEqualTypeOf<z.input<typeof fixture>>();
    // It tells apart a member either side lacks, optional or not.
    // @ts-expect-error one more member
    expectTypeOf<Fixture & { extra?: string }>().branded.toEqualTypeOf<z.input<typeof fixture>>();
  });

  it('seed takes a fixture or a path, at start and later, and refuses a misspelt member', () => {
    expectTypeOf<SeedArgument>().toEqualTypeOf<string | Fixture>();
    expectTypeOf<StartEmulatorOptions['seed']>().toEqualTypeOf<string | Fixture | undefined>();
    const path: SeedArgument = 'examples/fixtures/basic.json';
    const seeded: SeedArgument = { workspaces: [{ ownerEmail: 'ada@example.com' }] };
    // @ts-expect-error `workspacez` is no member of a fixture, and `workspaces` is required
    const misspelt: SeedArgument = { workspacez: [] };
    const atStart: StartEmulatorOptions = {
      seed: {
        workspaces: [
          {
            ownerEmail: 'a@example.com',
            // @ts-expect-error an organization is an object with an id
            organizations: ['acme'],
          },
        ],
      },
    };
    expectTypeOf([path, seeded, misspelt, atStart]).toBeArray();
  });

  it('env() names its variables and can be given as an environment', () => {
    expectTypeOf<EmulatorEnv['SVC_BASE_URL']>().toEqualTypeOf<string>();
    expectTypeOf<EmulatorEnv['SVC_EMULATOR_ADMIN_TOKEN']>().toEqualTypeOf<string>();
    expectTypeOf<EmulatorEnv['SVC_API_KEY']>().toEqualTypeOf<string>();
    expectTypeOf<EmulatorEnv['SVC_HEADER_PREFIX']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ReturnType<Emulator['env']>>().toEqualTypeOf<EmulatorEnv>();
    expectTypeOf<EmulatorEnv>().toMatchTypeOf<Record<string, string>>();
    expectTypeOf<EmulatorEnv>().toMatchTypeOf<NodeJS.ProcessEnv>();
    // @ts-expect-error not a variable it sets
    expectTypeOf<EmulatorEnv['SVC_PROFILE']>().toBeString();
  });

  it("each operation's request and answer are typed by its path", () => {
    const create: RequestOf<'/v2/workspace/create'> = { data: { ownerEmail: 'ada@example.com' } };
    // @ts-expect-error the owner's email is required
    const missing: RequestOf<'/v2/workspace/create'> = { data: { name: 'Ada' } };
    expectTypeOf([create, missing]).toBeArray();
    type Status = ResponseOf<'/v2/workspace/email/status'>;
    expectTypeOf<NonNullable<Status['result']['data']>['verified']>().toEqualTypeOf<boolean>();
    // @ts-expect-error no such operation
    expectTypeOf<RequestOf<'/v2/no/such/path'>>().toBeObject();
  });

  it('webhooks, the journal and start errors are typed', () => {
    expectTypeOf<Awaited<ReturnType<Emulator['webhooks']['deliveries']>>>().toEqualTypeOf<
      WebhookDelivery[]
    >();
    expectTypeOf<Awaited<ReturnType<Emulator['journal']>>>().toEqualTypeOf<JournalEntry[]>();
    expectTypeOf<EmulatorStartError['code']>().toEqualTypeOf<EmulatorStartCode>();
    expectTypeOf<'port-in-use'>().toExtend<EmulatorStartCode>();
  });
});
