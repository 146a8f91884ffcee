/** What every view is given: the page's calls and its way of telling the user things. */
export interface ViewContext {
  /** Says something in the status line, which screen readers announce. */
  say(message: string, failed?: boolean): void;
  /** Runs a state-changing call, says how it went, and redraws the view. */
  act(description: string, work: () => Promise<unknown>): Promise<void>;
}
