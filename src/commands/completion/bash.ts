import { kindPattern, kindWords, mergeArms, quote, tables } from './tables.js';
import type { CommandSpec } from './spec.js';

function caseArms(arms: readonly (readonly [string, string])[]): string {
  return mergeArms(arms)
    .map(([patterns, body]) => `    ${patterns.join('|')}) ${body} ;;`)
    .join('\n');
}

function words(list: readonly string[]): string {
  return quote(list.join(' '));
}

/** The bash completion script for the command tree described by `spec`. */
export function bashScript(spec: readonly CommandSpec[]): string {
  const t = tables(spec);
  const subcommands = caseArms(
    t.subcommands.map(([path, subs]) => [quote(path), `REPLY=${words(subs.map((s) => s.name))}`]),
  );
  const flags = caseArms(
    t.flags.map(([path, list]) => [quote(path), `REPLY=${words(list.map((f) => f.name))}`]),
  );
  const valueFlags = caseArms(
    t.valueFlags.map(([path, list]) => [quote(path), `flags=${words(list)}`]),
  );
  const kinds = caseArms(
    t.kinds.map((entry) => [kindPattern(entry), `REPLY=${words(kindWords(entry[1]))}`]),
  );
  const args = caseArms(
    t.args.map(([path, value]) => [quote(path), `REPLY=${words(kindWords(value))}`]),
  );

  return `# bash completion for svc
# Generated from svc's command tree by \`svc completion bash\`; do not edit.
# Load it in this shell:     source <(svc completion bash)
# or for every new shell:    svc completion bash > ~/.local/share/bash-completion/completions/svc

# The subcommands of command path $1 ('' is svc itself).
_svc_subcommands() {
  case $1 in
${subcommands}
    *) REPLY='' ;;
  esac
}

# The flags command path $1 accepts.
_svc_flags() {
  case $1 in
${flags}
    *) REPLY='' ;;
  esac
  REPLY+=${quote(` ${t.common.map((f) => f.name).join(' ')}`)}
}

# How the value of flag $2 of command path $1 completes: a kind, then its words. Fails
# when the flag takes no value.
_svc_value() {
  local flags=''
  case $1 in
${valueFlags}
  esac
  flags+=${quote(` ${t.commonValueFlags.join(' ')}`)}
  [[ " $flags " == *" $2 "* ]] || return 1
  case "$1 $2" in
${kinds}
    *) REPLY=text ;;
  esac
}

# How the arguments of command path $1 complete; fails when they are free text.
_svc_args() {
  case $1 in
${args}
    *) return 1 ;;
  esac
}

# COMPREPLY from the lines a command prints.
_svc_reply() {
  local line
  COMPREPLY=()
  while IFS= read -r line; do
    COMPREPLY+=("$line")
  done < <("$@")
}

# COMPREPLY: the lines on stdin that start with $1. They are compared as text: compgen -W
# would expand $(…) and \`…\` in them, and profile names come from a file.
_svc_match() {
  local line
  COMPREPLY=()
  while IFS= read -r line; do
    [[ -n $line && $line == "$1"* ]] && COMPREPLY+=("$line")
  done
}

# COMPREPLY: the words of $1, separated by spaces, that start with $2.
_svc_words() {
  local -a list
  read -ra list <<<"$1"
  _svc_match "$2" < <(printf '%s\\n' "\${list[@]}")
}

# Profile names come from svc itself: the one being completed, so ./bin/svc works too.
_svc_profiles() {
  local svc=\${COMP_WORDS[0]}
  svc=\${svc/#\\~/$HOME}
  "$svc" __complete profiles 2>/dev/null
}

# Completes word $2 as a value of kind $1 (see _svc_value); $3 is the arguments so far.
_svc_complete_value() {
  local kind=\${1%% *} words=''
  [[ $1 == *' '* ]] && words=\${1#* }
  case $kind in
    values) _svc_words "$words" "$2" ;;
    profiles) _svc_match "$2" < <(_svc_profiles) ;;
    files)
      compopt -o filenames 2>/dev/null
      _svc_reply compgen -f -- "$2"
      ;;
    dirs)
      compopt -o filenames 2>/dev/null
      _svc_reply compgen -d -- "$2"
      ;;
    commands) _svc_reply compgen -c -- "$2" ;;
    tree)
      # The arguments are a path of svc commands; the extra words only come first.
      _svc_subcommands "$3"
      [[ -z $3 ]] && REPLY+=" $words"
      _svc_words "$REPLY" "$2"
      ;;
  esac
}

_svc() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmdpath='' word flag='' expect=0 dash=0 i REPLY
  local -a args=()
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if ((expect)); then
      # bash splits --flag=value at "=" (COMP_WORDBREAKS): the "=" still belongs to the flag.
      [[ $word == = ]] || expect=0
      continue
    fi
    case $word in
      --)
        dash=$i
        break
        ;;
      --*=*) continue ;;
      -*)
        if _svc_value "$cmdpath" "$word"; then
          expect=1
          flag=$word
        fi
        continue
        ;;
    esac
    _svc_subcommands "$cmdpath"
    if ((\${#args[@]} == 0)) && [[ " $REPLY " == *" $word "* ]]; then
      cmdpath=\${cmdpath:+$cmdpath }$word
    else
      args+=("$word")
    fi
  done

  if ((dash)); then
    # After --: a program and its arguments.
    if _svc_args "$cmdpath" && [[ $REPLY == commands ]] && ((COMP_CWORD == dash + 1)); then
      _svc_reply compgen -c -- "$cur"
    else
      _svc_complete_value files "$cur"
    fi
    return 0
  fi
  if ((expect)); then
    [[ $cur == = ]] && cur=''
    _svc_value "$cmdpath" "$flag"
    _svc_complete_value "$REPLY" "$cur"
    return 0
  fi
  if [[ $cur == -* ]]; then
    _svc_flags "$cmdpath"
    _svc_words "$REPLY" "$cur"
    return 0
  fi
  _svc_subcommands "$cmdpath"
  if [[ -n $REPLY ]] && ((\${#args[@]} == 0)); then
    _svc_words "$REPLY" "$cur"
    return 0
  fi
  if _svc_args "$cmdpath"; then
    _svc_complete_value "$REPLY" "$cur" "\${args[*]}"
  fi
  return 0
}

complete -F _svc svc
`;
}
