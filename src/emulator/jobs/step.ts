/** What one step of a job did: moved it on, finished it, or found it cannot finish. */
export type StepResult =
  { status: 'in_progress' | 'completed' } | { status: 'failed'; reason: string };
