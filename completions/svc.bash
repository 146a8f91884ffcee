# bash completion for svc
# Generated from svc's command tree by `svc completion bash`; do not edit.
# Load it in this shell:     source <(svc completion bash)
# or for every new shell:    svc completion bash > ~/.local/share/bash-completion/completions/svc

# The subcommands of command path $1 ('' is svc itself).
_svc_subcommands() {
  case $1 in
    '') REPLY='workspace permissions folders docs orgs groups users activities presence livestate crdt recordings notifications ai webhooks auth profile api emulator mcp completion schema openapi version help' ;;
    'workspace') REPLY='create get tokens email-status login-link email-config api-key-config notification-service activity-service permission-provider' ;;
    'permissions') REPLY='get grant revoke' ;;
    'folders') REPLY='list add update access delete' ;;
    'docs') REPLY='list add update move access delete disable enable migrate migration-status' ;;
    'orgs') REPLY='list add update delete disable enable' ;;
    'groups') REPLY='add members' ;;
    'groups members') REPLY='add remove clear' ;;
    'users') REPLY='list add update remove export purge purge-status' ;;
    'activities') REPLY='list add update delete' ;;
    'presence') REPLY='add update remove' ;;
    'livestate') REPLY='broadcast' ;;
    'crdt') REPLY='get add update' ;;
    'recordings') REPLY='list' ;;
    'notifications') REPLY='list config add update delete set-config' ;;
    'ai') REPLY='rewrite' ;;
    'webhooks') REPLY='config endpoints listen trigger' ;;
    'webhooks config') REPLY='get update' ;;
    'webhooks endpoints') REPLY='create list update delete secret' ;;
    'auth') REPLY='login logout status token user-token signature migrate-storage' ;;
    'profile') REPLY='list use show remove' ;;
    'emulator') REPLY='start stop exec health' ;;
    'mcp') REPLY='serve config tools' ;;
    *) REPLY='' ;;
  esac
}

# The flags command path $1 accepts.
_svc_flags() {
  case $1 in
    '') REPLY='-v --version' ;;
    'workspace create') REPLY='--email --name --workspace-name --avatar --force' ;;
    'workspace get') REPLY='--show-tokens' ;;
    'workspace tokens') REPLY='--api-key --show-tokens --limit' ;;
    'workspace email-status') REPLY='--email' ;;
    'workspace login-link') REPLY='--email --continue-url' ;;
    'workspace email-config') REPLY='--show --enable --disable --provider --provider-key-stdin --from-email --from-company --trigger' ;;
    'workspace api-key-config') REPLY='--show --private-comments --no-private-comments --require-jwt --no-require-jwt --auto-org-user --no-auto-org-user --default-access --ai-key-stdin' ;;
    'workspace notification-service') REPLY='--show --enable --disable --delay --batch-document --batch-user --batch-max --trigger' ;;
    'workspace activity-service') REPLY='--show --enable --disable --immutable --no-immutable --enabled-time --trigger' ;;
    'workspace permission-provider') REPLY='--show --show-token --enable --disable --url --clear-url --auth-token-stdin' ;;
    'permissions get') REPLY='--org --user --folder --doc --limit' ;;
    'permissions grant') REPLY='--org --user --folder --doc --role --expires' ;;
    'permissions revoke') REPLY='--org --user --folder --doc' ;;
    'folders list') REPLY='--org --folder --max-depth --limit' ;;
    'folders add'|'folders update') REPLY='--org --id --name --parent --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'folders access') REPLY='--org --type --inherit --folder --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'folders delete') REPLY='--org --folder --wait --wait-timeout' ;;
    'docs list') REPLY='--org --doc --limit' ;;
    'docs add') REPLY='--org --folder --create-folder --create-org --doc --name --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'docs update') REPLY='--org --doc --name --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'docs move') REPLY='--org --to --doc --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'docs access') REPLY='--org --type --doc --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'docs delete'|'docs disable'|'docs enable') REPLY='--org --doc --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'docs migrate') REPLY='--org --doc --to --wait --wait-timeout' ;;
    'docs migration-status') REPLY='--org --id --wait --wait-timeout' ;;
    'orgs list') REPLY='--org --page-size --page-token --limit --all' ;;
    'orgs add'|'orgs update') REPLY='--org --name --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'orgs delete'|'orgs disable'|'orgs enable') REPLY='--org --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'groups add') REPLY='--org --id --name --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'groups members add'|'groups members remove') REPLY='--org --group --user --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'groups members clear') REPLY='--org --group' ;;
    'users list') REPLY='--org --doc --folder --group --user --all-documents --page-size --page-token --limit --all' ;;
    'users add') REPLY='--org --doc --folder --create-org --create-doc --create-folder --user --name --email --role --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'users update') REPLY='--org --doc --folder --user --name --email --role --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'users remove') REPLY='--org --doc --folder --user --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'users export') REPLY='--org --user --file' ;;
    'users purge') REPLY='--user --org --wait --wait-timeout --file --batch-size --concurrency --allow-unknown-fields --header --no-header' ;;
    'users purge-status') REPLY='--job --wait --wait-timeout' ;;
    'activities list') REPLY='--org --doc --target --feature-type --action-type --user --id --order --page-size --page-token --limit --all' ;;
    'activities add') REPLY='--org --doc --id --feature-type --action-type --user --user-name --user-email --target --message --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'activities update') REPLY='--org --id --message --icon --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'activities delete') REPLY='--org --doc --id --target' ;;
    'presence add'|'presence update') REPLY='--org --doc --user --name --email --status --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'presence remove') REPLY='--org --doc --user --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'livestate broadcast') REPLY='--org --doc --id --data --data-raw --merge' ;;
    'crdt get') REPLY='--org --doc --editor' ;;
    'crdt add'|'crdt update') REPLY='--org --doc --editor --type --data --data-raw --content-key' ;;
    'recordings list') REPLY='--org --doc --recording --page-size --page-token --limit --all' ;;
    'notifications list') REPLY='--org --doc --location --user --id --order --page-size --page-token --limit --all' ;;
    'notifications config') REPLY='--org --user --doc --org-level --api --limit' ;;
    'notifications add') REPLY='--org --doc --from --from-name --to --only-to --headline --body --id --verify-access --source --create-org --create-doc' ;;
    'notifications update') REPLY='--org --doc --location --user --id --headline --body --read-by --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'notifications delete') REPLY='--org --doc --location --user --id' ;;
    'notifications set-config') REPLY='--org --doc --inbox --email --slack --user --file --batch-size --concurrency --allow-unknown-fields --header --no-header --resume --restart --resend-unknown' ;;
    'ai rewrite') REPLY='--model --prompt --text' ;;
    'webhooks config get') REPLY='--advanced' ;;
    'webhooks config update') REPLY='--advanced --enable --disable --url --processed-url --auth-token-stdin --encode --no-encode --encrypt --no-encrypt --public-key-file --trigger --data-protection --no-data-protection' ;;
    'webhooks endpoints create') REPLY='--url --description --events --channel --rate-limit --metadata --disabled --uid' ;;
    'webhooks endpoints list') REPLY='--iterator --limit --all' ;;
    'webhooks endpoints update') REPLY='--endpoint --url --description --events --channel --rate-limit --metadata --enable --disable' ;;
    'webhooks endpoints delete'|'webhooks endpoints secret') REPLY='--endpoint' ;;
    'webhooks listen') REPLY='--forward-to --events' ;;
    'webhooks trigger') REPLY='--org --doc' ;;
    'auth login') REPLY='--api-key --workspace-id --with-token --with-workspace-token --force --no-verify' ;;
    'auth token') REPLY='--workspace' ;;
    'auth user-token') REPLY='--user --name --email --admin --org --org-role --folder --doc --role --expires --show' ;;
    'auth signature') REPLY='--permissions --show' ;;
    'auth migrate-storage') REPLY='--all' ;;
    'profile list') REPLY='--limit' ;;
    'api') REPLY='--data --data-raw --auth' ;;
    'emulator start') REPLY='--port --host --data-dir --seed --job-delay --openai-url --anthropic-url --google-url --faults --console-option --allowed-continue-host --allowed-host --webhook-host --no-admin --no-admin-token --ui --no-ui --detach' ;;
    'emulator exec') REPLY='--port --host --data-dir --seed --job-delay --openai-url --anthropic-url --google-url --faults --console-option --allowed-continue-host --allowed-host --webhook-host --no-admin --no-admin-token --ui --no-ui --no-workspace' ;;
    'emulator health') REPLY='--url' ;;
    'mcp'|'mcp serve') REPLY='--read-only --allow-destructive --toolsets --tools --exclude-tools --reveal-secrets --log-file --confirm-ttl --emulator --seed' ;;
    'mcp config') REPLY='--client --read-only --allow-destructive --toolsets --tools --exclude-tools --reveal-secrets --log-file --confirm-ttl --emulator --seed' ;;
    'mcp tools') REPLY='--markdown --read-only --allow-destructive --toolsets --tools --exclude-tools --reveal-secrets --log-file --confirm-ttl --emulator --seed' ;;
    'schema') REPLY='--list' ;;
    *) REPLY='' ;;
  esac
  REPLY+=' --profile --base-url --header-prefix --json --jq -q --quiet --no-color --no-input --no-pager -y --yes --debug --timeout --dry-run --insecure --insecure-storage -h --help'
}

# How the value of flag $2 of command path $1 completes: a kind, then its words. Fails
# when the flag takes no value.
_svc_value() {
  local flags=''
  case $1 in
    'workspace create') flags='--email --name --workspace-name --avatar' ;;
    'workspace tokens') flags='--api-key --limit' ;;
    'workspace email-status') flags='--email' ;;
    'workspace login-link') flags='--email --continue-url' ;;
    'workspace email-config') flags='--provider --from-email --from-company --trigger' ;;
    'workspace api-key-config') flags='--default-access --ai-key-stdin' ;;
    'workspace notification-service') flags='--delay --batch-document --batch-user --batch-max --trigger' ;;
    'workspace activity-service') flags='--enabled-time --trigger' ;;
    'workspace permission-provider'|'emulator health') flags='--url' ;;
    'permissions get') flags='--org --user --folder --doc --limit' ;;
    'permissions grant') flags='--org --user --folder --doc --role --expires' ;;
    'permissions revoke') flags='--org --user --folder --doc' ;;
    'folders list') flags='--org --folder --max-depth --limit' ;;
    'folders add'|'folders update') flags='--org --id --name --parent --file --batch-size --concurrency' ;;
    'folders access') flags='--org --type --folder --file --batch-size --concurrency' ;;
    'folders delete') flags='--org --folder --wait-timeout' ;;
    'docs list') flags='--org --doc --limit' ;;
    'docs add') flags='--org --folder --doc --name --file --batch-size --concurrency' ;;
    'docs update') flags='--org --doc --name --file --batch-size --concurrency' ;;
    'docs move') flags='--org --to --doc --file --batch-size --concurrency' ;;
    'docs access') flags='--org --type --doc --file --batch-size --concurrency' ;;
    'docs delete'|'docs disable'|'docs enable') flags='--org --doc --file --batch-size --concurrency' ;;
    'docs migrate') flags='--org --doc --to --wait-timeout' ;;
    'docs migration-status') flags='--org --id --wait-timeout' ;;
    'orgs list') flags='--org --page-size --page-token --limit' ;;
    'orgs add'|'orgs update') flags='--org --name --file --batch-size --concurrency' ;;
    'orgs delete'|'orgs disable'|'orgs enable') flags='--org --file --batch-size --concurrency' ;;
    'groups add') flags='--org --id --name --file --batch-size --concurrency' ;;
    'groups members add'|'groups members remove') flags='--org --group --user --file --batch-size --concurrency' ;;
    'groups members clear') flags='--org --group' ;;
    'users list') flags='--org --doc --folder --group --user --page-size --page-token --limit' ;;
    'users add'|'users update') flags='--org --doc --folder --user --name --email --role --file --batch-size --concurrency' ;;
    'users remove') flags='--org --doc --folder --user --file --batch-size --concurrency' ;;
    'users export') flags='--org --user --file' ;;
    'users purge') flags='--user --org --wait-timeout --file --batch-size --concurrency' ;;
    'users purge-status') flags='--job --wait-timeout' ;;
    'activities list') flags='--org --doc --target --feature-type --action-type --user --id --order --page-size --page-token --limit' ;;
    'activities add') flags='--org --doc --id --feature-type --action-type --user --user-name --user-email --target --message --file --batch-size --concurrency' ;;
    'activities update') flags='--org --id --message --icon --file --batch-size --concurrency' ;;
    'activities delete') flags='--org --doc --id --target' ;;
    'presence add'|'presence update') flags='--org --doc --user --name --email --status --file --batch-size --concurrency' ;;
    'presence remove') flags='--org --doc --user --file --batch-size --concurrency' ;;
    'livestate broadcast') flags='--org --doc --id --data --data-raw' ;;
    'crdt get') flags='--org --doc --editor' ;;
    'crdt add'|'crdt update') flags='--org --doc --editor --type --data --data-raw --content-key' ;;
    'recordings list') flags='--org --doc --recording --page-size --page-token --limit' ;;
    'notifications list') flags='--org --doc --location --user --id --order --page-size --page-token --limit' ;;
    'notifications config') flags='--org --user --doc --api --limit' ;;
    'notifications add') flags='--org --doc --from --from-name --to --headline --body --id --source' ;;
    'notifications update') flags='--org --doc --location --user --id --headline --body --read-by --file --batch-size --concurrency' ;;
    'notifications delete') flags='--org --doc --location --user --id' ;;
    'notifications set-config') flags='--org --doc --inbox --email --slack --user --file --batch-size --concurrency' ;;
    'ai rewrite') flags='--model --prompt --text' ;;
    'webhooks config update') flags='--url --processed-url --public-key-file --trigger' ;;
    'webhooks endpoints create') flags='--url --description --events --channel --rate-limit --metadata --uid' ;;
    'webhooks endpoints list') flags='--iterator --limit' ;;
    'webhooks endpoints update') flags='--endpoint --url --description --events --channel --rate-limit --metadata' ;;
    'webhooks endpoints delete'|'webhooks endpoints secret') flags='--endpoint' ;;
    'webhooks listen') flags='--forward-to --events' ;;
    'webhooks trigger') flags='--org --doc' ;;
    'auth login') flags='--api-key --workspace-id' ;;
    'auth user-token') flags='--user --name --email --org --org-role --folder --doc --role --expires' ;;
    'auth signature') flags='--permissions' ;;
    'profile list') flags='--limit' ;;
    'api') flags='--data --data-raw --auth' ;;
    'emulator start'|'emulator exec') flags='--port --host --data-dir --seed --job-delay --openai-url --anthropic-url --google-url --faults --console-option --allowed-continue-host --allowed-host --webhook-host' ;;
    'mcp'|'mcp serve'|'mcp tools') flags='--toolsets --tools --exclude-tools --log-file --confirm-ttl --seed' ;;
    'mcp config') flags='--client --toolsets --tools --exclude-tools --log-file --confirm-ttl --seed' ;;
  esac
  flags+=' --profile --base-url --header-prefix --jq --timeout'
  [[ " $flags " == *" $2 "* ]] || return 1
  case "$1 $2" in
    'workspace email-config --provider') REPLY='values default sendgrid custom' ;;
    'workspace email-config --trigger') REPLY='values comment_annotation.add=on comment_annotation.add=off comment.add=on comment.add=off comment_annotation.status_change=on comment_annotation.status_change=off comment_annotation.assign=on comment_annotation.assign=off comment_annotation.priority_change=on comment_annotation.priority_change=off' ;;
    'workspace api-key-config --default-access') REPLY='values public restricted organizationPrivate' ;;
    'workspace api-key-config --ai-key-stdin') REPLY='values openai anthropic gemini' ;;
    'permissions grant --role'|'users add --role'|'users update --role'|'auth user-token --org-role'|'auth user-token --role') REPLY='values editor viewer' ;;
    'folders add --file'|'folders update --file'|'folders access --file'|'docs add --file'|'docs update --file'|'docs move --file'|'docs access --file'|'docs delete --file'|'docs disable --file'|'docs enable --file'|'orgs add --file'|'orgs update --file'|'orgs delete --file'|'orgs disable --file'|'orgs enable --file'|'groups add --file'|'groups members add --file'|'groups members remove --file'|'users add --file'|'users update --file'|'users remove --file'|'users export --file'|'users purge --file'|'activities add --file'|'activities update --file'|'presence add --file'|'presence update --file'|'presence remove --file'|'notifications update --file'|'notifications set-config --file'|'webhooks config update --public-key-file'|'emulator start --seed'|'emulator exec --seed'|'mcp --log-file'|'mcp --seed'|'mcp serve --log-file'|'mcp serve --seed'|'mcp config --log-file'|'mcp config --seed'|'mcp tools --log-file'|'mcp tools --seed') REPLY='files' ;;
    'folders access --type'|'docs access --type') REPLY='values public organizationPrivate restricted' ;;
    'activities list --feature-type'|'activities add --feature-type') REPLY='values comment reaction recorder crdt custom' ;;
    'activities list --order'|'notifications list --order') REPLY='values asc desc' ;;
    'crdt add --type'|'crdt update --type') REPLY='values text map array xml' ;;
    'notifications config --api') REPLY='values v1 v2' ;;
    'notifications set-config --inbox'|'notifications set-config --email'|'notifications set-config --slack') REPLY='values ALL MINE NONE' ;;
    'api --auth') REPLY='values key workspace none' ;;
    'emulator start --data-dir'|'emulator exec --data-dir') REPLY='dirs' ;;
    'mcp config --client') REPLY='values claude claude-desktop cursor vscode' ;;
    *' --profile') REPLY='profiles' ;;
    *) REPLY=text ;;
  esac
}

# How the arguments of command path $1 complete; fails when they are free text.
_svc_args() {
  case $1 in
    'webhooks trigger') REPLY='values comment_annotation.add comment_annotation.assign comment_annotation.status_change comment_annotation.priority_change comment_annotation.custom_list_change comment_annotation.subscribe comment_annotation.unsubscribe comment_annotation.accept comment_annotation.reject comment_annotation.approve comment_annotation.suggestion_accept comment_annotation.suggestion_reject comment.add comment.update comment.delete comment.reaction_add comment.reaction_delete huddle.create huddle.join crdt.update_data recorder.done execution.dispatched execution.completed execution.failed execution.cancelled step.awaiting-approval step.completed step.failed step.breached step.cancelled group.quorum-met loop.iteration-started loop.exhausted message.attempt.exhausted' ;;
    'profile use'|'profile show'|'profile remove') REPLY='profiles' ;;
    'emulator exec') REPLY='commands' ;;
    'completion') REPLY='values bash zsh fish' ;;
    'schema') REPLY='tree' ;;
    'help') REPLY='tree exit-codes environment reference formatting credentials' ;;
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
# would expand $(…) and `…` in them, and profile names come from a file.
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
  _svc_match "$2" < <(printf '%s\n' "${list[@]}")
}

# Profile names come from svc itself: the one being completed, so ./bin/svc works too.
_svc_profiles() {
  local svc=${COMP_WORDS[0]}
  svc=${svc/#\~/$HOME}
  "$svc" __complete profiles 2>/dev/null
}

# Completes word $2 as a value of kind $1 (see _svc_value); $3 is the arguments so far.
_svc_complete_value() {
  local kind=${1%% *} words=''
  [[ $1 == *' '* ]] && words=${1#* }
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
  local cur=${COMP_WORDS[COMP_CWORD]} cmdpath='' word flag='' expect=0 dash=0 i REPLY
  local -a args=()
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
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
    if ((${#args[@]} == 0)) && [[ " $REPLY " == *" $word "* ]]; then
      cmdpath=${cmdpath:+$cmdpath }$word
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
  if [[ -n $REPLY ]] && ((${#args[@]} == 0)); then
    _svc_words "$REPLY" "$cur"
    return 0
  fi
  if _svc_args "$cmdpath"; then
    _svc_complete_value "$REPLY" "$cur" "${args[*]}"
  fi
  return 0
}

complete -F _svc svc
