/** The help topics of `svc help TOPIC`, besides the commands themselves. */
export const helpTopics = [
  { name: 'exit-codes', summary: 'what each exit code means' },
  { name: 'environment', summary: 'the environment variables svc reads' },
  { name: 'reference', summary: 'every command, its flags and examples, in Markdown' },
  { name: 'formatting', summary: 'output as JSON, filtered with --jq, cut with --limit, --quiet' },
  { name: 'credentials', summary: 'where tokens are kept: environment, OS keyring, config file' },
] as const;

export type HelpTopic = (typeof helpTopics)[number]['name'];
