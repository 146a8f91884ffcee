/** The global options of the contract, as commander hands them to every command. */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  /** --header-prefix: the credential headers' prefix, checked and lower-cased */
  headerPrefix?: string;
  json?: boolean;
  /** --jq: a jq expression applied to the --json document (implies --json) */
  jq?: string;
  /** --quiet: errors only on stderr */
  quiet?: boolean;
  /** false with --no-color */
  color?: boolean;
  /** false with --no-input */
  input?: boolean;
  /** false with --no-pager */
  pager?: boolean;
  yes?: boolean;
  debug?: boolean;
  /** --timeout, in milliseconds */
  timeout?: number;
  dryRun?: boolean;
  insecure?: boolean;
  /** --insecure-storage: tokens stored go to the config file, never the OS keyring */
  insecureStorage?: boolean;
}
