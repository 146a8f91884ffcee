import { kindWords, mergeArms, tables, type Tables } from './tables.js';
import type { CommandSpec, FlagSpec } from './spec.js';

/** A string in fish single quotes. */
function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** `printf` of words and their descriptions, which fish shows beside each; one a line. */
function described(pairs: readonly (readonly [string, string])[], indent = '            '): string {
  const lines = pairs.map(([w, d]) => `${indent}    ${quote(w)} ${quote(d)}`);
  return `printf '%s\\t%s\\n' \\\n${lines.join(' \\\n')}`;
}

/** `printf` of words, one a line. */
function lines(words: readonly string[]): string {
  return `printf '%s\\n' ${words.map(quote).join(' ')}`;
}

function switchArms(arms: readonly (readonly [string, string])[]): string {
  return mergeArms(arms)
    .flatMap(([patterns, body]) => [`        case ${patterns.join(' ')}`, `            ${body}`])
    .join('\n');
}

function flagPairs(flags: readonly FlagSpec[]): [string, string][] {
  return flags.map((f) => [f.name, f.description]);
}

function kindPattern([flag]: Tables['kinds'][number]): string {
  return quote(`${flag.path ?? '*'} ${flag.name}`);
}

/** The fish completion script for the command tree described by `spec`. */
export function fishScript(spec: readonly CommandSpec[]): string {
  const t = tables(spec);
  const subcommands = switchArms(
    t.subcommands.map(([path, subs]) => [
      quote(path),
      described(subs.map((s) => [s.name, s.summary])),
    ]),
  );
  const flags = switchArms(
    t.flags.map(([path, list]) => [quote(path), described(flagPairs(list))]),
  );
  const valueFlags = switchArms(
    t.valueFlags.map(([path, list]) => [quote(path), `set flags ${list.map(quote).join(' ')}`]),
  );
  const kinds = switchArms(
    t.kinds.map((entry) => [kindPattern(entry), lines(kindWords(entry[1]))]),
  );
  const args = switchArms(t.args.map(([path, value]) => [quote(path), lines(kindWords(value))]));

  return `# fish completion for svc
# Generated from svc's command tree by \`svc completion fish\`; do not edit.
# Load it in this shell:     svc completion fish | source
# or for every new shell:    svc completion fish > ~/.config/fish/completions/svc.fish

# The subcommands of command path $argv[1] ('' is svc itself), with their summaries.
function __svc_subcommands
    switch $argv[1]
${subcommands}
    end
end

# The flags command path $argv[1] accepts, with their descriptions.
function __svc_flags
    switch $argv[1]
${flags}
    end
    ${described(flagPairs(t.common), '    ')}
end

# How the value of flag $argv[2] of command path $argv[1] completes: a kind, then its
# words, one a line. Fails when the flag takes no value.
function __svc_value
    set -l flags
    switch $argv[1]
${valueFlags}
    end
    contains -- $argv[2] $flags ${t.commonValueFlags.map(quote).join(' ')}; or return 1
    switch "$argv[1] $argv[2]"
${kinds}
        case '*'
            echo text
    end
end

# How the arguments of command path $argv[1] complete; fails when they are free text.
function __svc_args
    switch $argv[1]
${args}
        case '*'
            return 1
    end
end

# Completes the word $argv[1] as a value of kind $argv[2]; the rest are the kind's words.
function __svc_complete_value
    set -l current $argv[1]
    set -l kind $argv[2]
    set -e argv[1..2]
    switch $kind
        case values
            printf '%s\\n' $argv
        case profiles
            # From svc itself: the one being completed, so ./bin/svc works too.
            set -l svc (commandline -opc)[1]
            command $svc __complete profiles 2>/dev/null
        case files
            __fish_complete_path "$current"
        case dirs
            __fish_complete_directories "$current"
        case commands
            __fish_complete_subcommand --commandline "$current"
    end
end

function __svc_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    set -l cmdpath ''
    set -l args
    set -l expect ''
    set -e tokens[1]
    for i in (seq (count $tokens))
        set -l token $tokens[$i]
        if test -n "$expect"
            set expect ''
            continue
        end
        switch $token
            case --
                # After --: a program and its arguments.
                set -l rest $tokens
                set -e rest[1..$i]
                set -l kind (__svc_args "$cmdpath")
                if test "$kind[1]" = commands
                    __fish_complete_subcommand --commandline $rest "$current"
                else
                    __fish_complete_path "$current"
                end
                return
            case '--*=*'
                continue
            case '-*'
                if __svc_value "$cmdpath" $token >/dev/null
                    set expect $token
                end
                continue
        end
        set -l names (__svc_subcommands "$cmdpath" | string replace -r '\\t.*' '')
        if test (count $args) -eq 0; and contains -- $token $names
            set cmdpath (string trim -- "$cmdpath $token")
        else
            set -a args $token
        end
    end

    if test -n "$expect"
        __svc_complete_value "$current" (__svc_value "$cmdpath" $expect)
        return
    end
    switch $current
        case '--*=*'
            set -l flag (string split -m 1 = -- $current)
            set -l value (__svc_value "$cmdpath" $flag[1]); or return
            for candidate in (__svc_complete_value "$flag[2]" $value)
                printf '%s=%s\\n' $flag[1] $candidate
            end
            return
        case '-*'
            __svc_flags "$cmdpath"
            return
    end
    set -l subcommands (__svc_subcommands "$cmdpath")
    if test (count $args) -eq 0; and set -q subcommands[1]
        printf '%s\\n' $subcommands
        return
    end
    set -l value (__svc_args "$cmdpath"); or return
    if test "$value[1]" = tree
        # The arguments are a path of svc commands; the extra words only come first.
        set -e value[1]
        __svc_subcommands "$args"
        set -q args[1]; or printf '%s\\n' $value
        return
    end
    __svc_complete_value "$current" $value
end

complete -c svc -f -a '(__svc_complete)'
`;
}
