'use strict';
// Shared by bin/svc and the single executable (src/sea/main.ts), which differ only in where
// the rendered help comes from.

/**
 * The root help as the build rendered it (scripts/perf-prerender-help.mjs), when commander
 * would print exactly that here: the same argv, a terminal width it was checked at, and no
 * variable that forces colour. `loadHelp` reads the rendered help, or returns undefined.
 */
function prerenderedHelp(args, loadHelp) {
  if (args.length > 1 || (args.length === 1 && args[0] !== '--help' && args[0] !== '-h')) {
    return undefined;
  }
  if (process.env.FORCE_COLOR !== undefined || process.env.CLICOLOR_FORCE !== undefined) {
    return undefined;
  }
  const help = loadHelp();
  if (help === undefined || !help.forms.includes(args.join(' '))) return undefined;
  if (stdoutMayBeTerminal() && process.stdout.isTTY) {
    const width = process.stdout.columns ?? 80;
    if (!help.columns.some(([low, high]) => width >= low && (high === null || width <= high))) {
      return undefined;
    }
  }
  return help.text;
}

/**
 * Whether fd 1 may be a terminal, told without reading process.stdout, which makes a stream
 * and loads Node's stream modules. A terminal is a character device; /dev/null, where
 * scripts send what they do not want, is one too, and is told apart by its device number.
 */
function stdoutMayBeTerminal() {
  try {
    const { fstatSync, statSync } = process.getBuiltinModule('node:fs');
    const out = fstatSync(1);
    return out.isCharacterDevice() && out.rdev !== statSync('/dev/null').rdev;
  } catch {
    return true;
  }
}

module.exports = { prerenderedHelp };
