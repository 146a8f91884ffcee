/** A template value as a reader sees it: a user by name, else email, else id. */
function valueText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (typeof value === 'object' && value !== null) {
    const user = value as { name?: unknown; email?: unknown; userId?: unknown };
    for (const field of [user.name, user.email, user.userId]) {
      if (typeof field === 'string' && field !== '') return field;
    }
  }
  return undefined;
}

/**
 * A notification's headline with its single-curly placeholders (`{actionUser}`,
 * `{recipientUser}`, custom variables) filled from its template data. A placeholder with
 * no value stays as written, so a gap in the data shows rather than vanishing.
 */
export function fillHeadline(
  template: string,
  data: Readonly<Record<string, unknown>> | undefined,
  actionUser?: unknown,
): string {
  const values: Record<string, unknown> = { actionUser, ...data };
  return template.replace(/\{\s*([\w.-]+)\s*\}/g, (whole, name: string) => {
    return (Object.hasOwn(values, name) && valueText(values[name])) || whole;
  });
}
