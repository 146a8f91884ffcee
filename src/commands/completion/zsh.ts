import { kindPattern, kindWords, mergeArms, quote, tables } from './tables.js';
import type { CommandSpec, FlagSpec } from './spec.js';

/**
 * `name:description` entries for `_describe`, one a line; a colon in the name must be
 * escaped.
 */
function entries(pairs: readonly (readonly [string, string])[], indent = '    '): string {
  const lines = pairs.map(([w, d]) => `${indent}  ${quote(`${w.replaceAll(':', '\\:')}:${d}`)}`);
  return `\n${lines.join('\n')}\n${indent}`;
}

function caseArms(arms: readonly (readonly [string, string])[]): string {
  return mergeArms(arms)
    .map(([patterns, body]) => `    (${patterns.join('|')}) ${body} ;;`)
    .join('\n');
}

function flagPairs(flags: readonly FlagSpec[]): [string, string][] {
  return flags.map((f) => [f.name, f.description]);
}

function words(list: readonly string[]): string {
  return list.map(quote).join(' ');
}

/** The zsh completion script for the command tree described by `spec`. */
export function zshScript(spec: readonly CommandSpec[]): string {
  const t = tables(spec);
  const subcommands = caseArms(
    t.subcommands.map(([path, subs]) => [
      quote(path),
      `reply=(${entries(subs.map((s) => [s.name, s.summary]))})`,
    ]),
  );
  const flags = caseArms(
    t.flags.map(([path, list]) => [quote(path), `reply=(${entries(flagPairs(list))})`]),
  );
  const valueFlags = caseArms(
    t.valueFlags.map(([path, list]) => [quote(path), `flags=(${words(list)})`]),
  );
  const kinds = caseArms(
    t.kinds.map((entry) => [kindPattern(entry), `reply=(${words(kindWords(entry[1]))})`]),
  );
  const args = caseArms(
    t.args.map(([path, value]) => [quote(path), `reply=(${words(kindWords(value))})`]),
  );

  return `#compdef svc
# zsh completion for svc
# Generated from svc's command tree by \`svc completion zsh\`; do not edit.
# Load it in this shell (after compinit):  source <(svc completion zsh)
# or for every new shell:                  svc completion zsh > "\${fpath[1]}/_svc"

# The subcommands of command path $1 ('' is svc itself), as name:summary.
_svc_subcommands() {
  case $1 in
${subcommands}
    (*) reply=() ;;
  esac
}

# The flags command path $1 accepts, as flag:description.
_svc_flags() {
  case $1 in
${flags}
    (*) reply=() ;;
  esac
  reply+=(${entries(flagPairs(t.common), '  ')})
}

# How the value of flag $2 of command path $1 completes: a kind, then its words. Fails
# when the flag takes no value.
_svc_value() {
  local -a flags
  case $1 in
${valueFlags}
  esac
  flags+=(${words(t.commonValueFlags)})
  (( \${flags[(Ie)$2]} )) || return 1
  case "$1 $2" in
${kinds}
    (*) reply=(text) ;;
  esac
}

# How the arguments of command path $1 complete; fails when they are free text.
_svc_args() {
  case $1 in
${args}
    (*) return 1 ;;
  esac
}

# Offers a value of kind $1 (see _svc_value); the rest are the kind's words.
_svc_complete_value() {
  local kind=$1 svc
  local -a found
  shift
  case $kind in
    (values)
      found=("$@")
      compadd -a found
      ;;
    (profiles)
      # From svc itself: the one being completed, so ./bin/svc works too.
      svc=\${words[1]/#\\~/$HOME}
      found=(\${(f)"$("$svc" __complete profiles 2>/dev/null)"})
      compadd -a found
      ;;
    (files) _files ;;
    (dirs) _files -/ ;;
    (commands) _command_names -e ;;
  esac
}

_svc() {
  local cmdpath='' word flag='' i dash=0
  local -a args names reply found
  for (( i = 2; i < CURRENT; i++ )); do
    word=\${words[i]}
    if [[ -n $flag ]]; then
      flag=''
      continue
    fi
    case $word in
      (--)
        dash=$i
        break
        ;;
      (--*=*) continue ;;
      (-*)
        _svc_value "$cmdpath" "$word" && flag=$word
        continue
        ;;
    esac
    _svc_subcommands "$cmdpath"
    names=(\${reply%%:*})
    if (( ! $#args && \${names[(Ie)$word]} )); then
      cmdpath=\${cmdpath:+$cmdpath }$word
    else
      args+=("$word")
    fi
  done

  if (( dash )); then
    # After --: a program and its arguments, completed as if typed on their own.
    if _svc_args "$cmdpath" && [[ $reply[1] == commands ]]; then
      words=("\${(@)words[dash + 1, -1]}")
      (( CURRENT -= dash ))
      _normal
    else
      _files
    fi
    return
  fi
  if [[ -n $flag ]]; then
    _svc_value "$cmdpath" "$flag"
    _svc_complete_value "\${reply[@]}"
    return
  fi
  if [[ $PREFIX == --*=* ]]; then
    _svc_value "$cmdpath" "\${PREFIX%%=*}" || return 1
    found=("\${reply[@]}")
    compset -P '*='
    _svc_complete_value "\${found[@]}"
    return
  fi
  if [[ $PREFIX == -* ]]; then
    _svc_flags "$cmdpath"
    found=("\${reply[@]}")
    _describe -t options option found
    return
  fi
  _svc_subcommands "$cmdpath"
  if (( $#reply && ! $#args )); then
    found=("\${reply[@]}")
    _describe -t commands command found
    return
  fi
  _svc_args "$cmdpath" || return 1
  if [[ $reply[1] == tree ]]; then
    # The arguments are a path of svc commands; the extra words only come first.
    names=("\${(@)reply[2, -1]}")
    _svc_subcommands "\${(j: :)args}"
    found=("\${reply[@]}")
    (( $#args )) || found+=("\${names[@]}")
    _describe -t commands command found
    return
  fi
  _svc_complete_value "\${reply[@]}"
}

if [[ $funcstack[1] == _svc ]]; then
  _svc "$@"
else
  compdef _svc svc
fi
`;
}
