/** The global options of the contract, as commander hands them to every command. */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  json?: boolean;
  /** false with --no-color */
  color?: boolean;
  /** false with --no-input */
  input?: boolean;
  yes?: boolean;
  debug?: boolean;
  /** --timeout, in milliseconds */
  timeout?: number;
  dryRun?: boolean;
  insecure?: boolean;
}
