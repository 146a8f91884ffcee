import { describe, expect, it } from 'vitest';
import { wrapWords } from '../../../src/text/wrap.js';

describe('wrapWords', () => {
  it('breaks between words to fit, never inside one', () => {
    const text = 'run svc auth login to store the tokens of the key';
    const wrapped = wrapWords(text, 20);
    expect(wrapped.split('\n').every((line) => line.length <= 20)).toBe(true);
    expect(wrapped.replace(/\n/g, ' ')).toBe(text);
    for (const word of text.split(' ')) expect(wrapped.split(/\s/)).toContain(word);
  });

  it('keeps a word wider than the line whole, on a line of its own', () => {
    const id = 'ci-example.com-workspace-1234567890';
    expect(wrapWords(`see ${id} now`, 12)).toBe(`see\n${id}\nnow`);
  });

  it('wraps below the 40 columns at which commander stops wrapping', () => {
    expect(wrapWords('--org acme --user alice', 12)).toBe('--org acme\n--user alice');
  });

  it('starts each added line with the indent', () => {
    expect(wrapWords('hint: run svc auth login to store the tokens', 30, '      ')).toBe(
      'hint: run svc auth login to\n      store the tokens',
    );
    // Too narrow to spare the indent: the added lines start at the edge.
    expect(wrapWords('hint: run svc auth login first', 16, '      ')).toBe(
      'hint: run svc\nauth login first',
    );
  });

  it('keeps a command in backticks on one line, and leaves an indented line as it is', () => {
    expect(wrapWords('hint: run `svc docs list --org acme` to see them', 24)).toBe(
      'hint: run\n`svc docs list --org acme`\nto see them',
    );
    const command = '  export SVC_BASE_URL=http://127.0.0.1:4000 SVC_API_KEY=k1';
    expect(wrapWords(command, 30)).toBe(command);
  });

  it('keeps an unquoted printed command whole on one line, to paste as one', () => {
    const text = 'copy them out first with svc auth token --profile made --workspace';
    expect(wrapWords(text, 30, '', { commands: true })).toBe(
      'copy them out first with\nsvc auth token --profile made --workspace',
    );
    expect(
      wrapWords('in another terminal: export SVC_BASE_URL=http://127.0.0.1:1', 24, '', {
        commands: true,
      }),
    ).toBe('in another terminal:\nexport SVC_BASE_URL=http://127.0.0.1:1');
    // A command named in prose, without a flag, wraps as words; and without `commands`
    // (help prose, the service's text) every line does.
    expect(wrapWords('run svc auth login to store the tokens', 20, '', { commands: true })).toBe(
      'run svc auth login\nto store the tokens',
    );
    expect(wrapWords(text, 30)).toBe(
      'copy them out first with svc\nauth token --profile made\n--workspace',
    );
  });

  it('leaves text alone without a width, or when it fits', () => {
    const text = 'a line that is long enough to wrap';
    expect(wrapWords(text, undefined)).toBe(text);
    expect(wrapWords(text, 80)).toBe(text);
    expect(wrapWords('one\ntwo', 3)).toBe('one\ntwo');
  });

  it('does not count colour codes as width', () => {
    const green = '\u001b[32mvalid\u001b[39m';
    expect(wrapWords(`token ${green}`, 11)).toBe(`token ${green}`);
  });
});
