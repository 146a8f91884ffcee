// The least a round trip can cost with svc's libraries: commander reads the command line,
// undici (the same agent-only entry svc bundles) sends the request `svc docs list --org o
// --json` sends, zod checks the answer, and the JSON is printed. Nothing else: no profile,
// no catalogue, no error handling. bench/floor.mjs times it.
import { setFlagsFromString } from 'node:v8';
import { Command } from 'commander';
import * as z from 'zod';
import { Agent } from 'undici';

const documents = z.array(
  z.object({
    id: z.string(),
    documentName: z.string(),
    disabled: z.boolean(),
    accessType: z.string(),
  }),
);

const program = new Command('floor');
program
  .command('docs')
  .command('list')
  .requiredOption('--org <id>')
  .option('--json')
  .action(async ({ org }) => {
    // As bin/svc does: without it Node waits for WebAssembly's optimising threads at exit.
    setFlagsFromString('--liftoff-only');
    const agent = new Agent();
    const response = await agent.request({
      origin: process.env.SVC_BASE_URL,
      path: '/v1/organizations/documents/get',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-api-key': process.env.SVC_API_KEY,
        'x-service-auth-token': process.env.SVC_AUTH_TOKEN,
      },
      body: JSON.stringify({ data: { organizationId: org } }),
    });
    const answer = await response.body.json();
    process.stdout.write(`${JSON.stringify(documents.parse(answer.result.data))}\n`);
    await agent.close();
  });
await program.parseAsync();
