/** The messages of the `{"info":…}` and `{"warning":…}` lines svc writes to stderr under --json. */
export function jsonNotices(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const parsed = JSON.parse(line) as {
        info?: { message: string };
        warning?: { message: string };
      };
      return (parsed.info ?? parsed.warning)?.message ?? line;
    });
}
