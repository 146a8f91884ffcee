# fish completion for svc
# Generated from svc's command tree by `svc completion fish`; do not edit.
# Load it in this shell:     svc completion fish | source
# or for every new shell:    svc completion fish > ~/.config/fish/completions/svc.fish

# The subcommands of command path $argv[1] ('' is svc itself), with their summaries.
function __svc_subcommands
    switch $argv[1]
        case ''
            printf '%s\t%s\n' \
                'workspace' 'Create a workspace, read it and its tokens, verify its owner email' \
                'permissions' 'Read, grant and revoke users\' access to resources' \
                'folders' 'Read, add, rename, move, delete and set the access of an organization\'s folders' \
                'docs' 'Add, read, rename, move, delete, switch off and migrate an organization\'s documents' \
                'orgs' 'List, add, rename and delete organizations, and switch their access off or on' \
                'groups' 'Add an organization\'s user groups and change their members' \
                'users' 'List, add and change users, remove them from organizations, folders or documents, export or delete all their data' \
                'activities' 'Read, write, change and delete a document\'s activity log' \
                'presence' 'Set who is present in a document, and how' \
                'livestate' 'Push data to a document\'s live state and its connected clients' \
                'crdt' 'Create, read and replace a collaborative editor\'s content' \
                'recordings' 'List the screen and audio recordings users made in documents' \
                'notifications' 'Send, read, change and delete notifications, and users\' notification settings' \
                'ai' 'Rewrite text with the AI models of the workspace' \
                'webhooks' 'Configure webhooks and their endpoints' \
                'auth' 'Store, check and remove credentials; mint user tokens and signatures' \
                'profile' 'List, switch, show and remove stored profiles' \
                'api' 'Call any path of the API and print the whole response body' \
                'emulator' 'Run a local, stateful emulator of the whole service' \
                'mcp' 'Serve the API\'s operations as MCP tools to a coding agent, over stdio' \
                'completion' 'Print the shell completion script for bash, zsh or fish' \
                'schema' 'Print the JSON Schema of what a command prints with --json' \
                'openapi' 'Print the OpenAPI 3.1 document of every operation svc sends' \
                'version' 'Show the version, and the Node, platform and build it runs on' \
                'help' 'Show help for a command, or a topic: exit-codes, environment, reference, formatting, credentials'
        case 'workspace'
            printf '%s\t%s\n' \
                'create' 'Create a workspace and store its credentials in a profile that becomes active' \
                'get' 'Show the workspace: its id, name, owner, token and API keys' \
                'tokens' 'List the auth tokens of an API key' \
                'email-status' 'Show whether a workspace owner\'s email is verified' \
                'login-link' 'Email a login link that also verifies the owner email' \
                'email-config' 'Set up email notifications; with no flags at a terminal, a guided setup' \
                'api-key-config' 'Show or change the API key\'s settings: document access, JWT, AI keys' \
                'notification-service' 'Show or change the in-app notification service: on or off, delay, batching' \
                'activity-service' 'Show or change the activity log service: on or off, immutable, triggers' \
                'permission-provider' 'Show or change the permission provider that decides access'
        case 'permissions'
            printf '%s\t%s\n' \
                'get' 'Show what access users have to an organization, its folders and documents' \
                'grant' 'Grant a user access to an organization, or to folders or documents in it' \
                'revoke' 'Revoke a user\'s access to an organization, or to folders or documents (asks first)'
        case 'folders'
            printf '%s\t%s\n' \
                'list' 'List an organization\'s folders, or one folder and its subfolders' \
                'add' 'Add folders: one from flags, or many from a file (parents before children)' \
                'update' 'Rename folders, or move them with everything in them (--parent root: the top level)' \
                'access' 'Set folders\' access type, or let them take their parent\'s (--inherit)' \
                'delete' 'Delete a folder with its subfolders and documents (asks first); --wait until it is gone'
        case 'docs'
            printf '%s\t%s\n' \
                'list' 'List an organization\'s documents, or the given ones' \
                'add' 'Add documents, at the top level or in a folder: one from flags, or many from a file' \
                'update' 'Rename documents: one from flags, or many from a file' \
                'move' 'Move documents into a folder (root: the top level)' \
                'access' 'Set documents\' access type, in place of any they inherit' \
                'delete' 'Delete documents with everything stored for them (asks first)' \
                'disable' 'Switch off all access to documents (asks first)' \
                'enable' 'Switch access to documents back on' \
                'migrate' 'Move a document and all its data to a new id; --wait follows it to the end' \
                'migration-status' 'Show the status of a document migration; --wait follows it to the end'
        case 'orgs'
            printf '%s\t%s\n' \
                'list' 'List the organizations of the workspace, a page at a time' \
                'add' 'Add organizations: one from flags, or many from a file' \
                'update' 'Rename organizations: one from flags, or many from a file' \
                'delete' 'Delete organizations with everything in them (asks first)' \
                'disable' 'Switch off access to every document of organizations (asks first)' \
                'enable' 'Switch access to organizations back on'
        case 'groups'
            printf '%s\t%s\n' \
                'add' 'Add user groups: one from flags, or many from a file' \
                'members' 'Add and remove a user group\'s members'
        case 'groups members'
            printf '%s\t%s\n' \
                'add' 'Add users of the organization to a user group: from flags, or many from a file' \
                'remove' 'Remove users from a user group (asks first)' \
                'clear' 'Remove every member of a user group (asks first)'
        case 'users'
            printf '%s\t%s\n' \
                'list' 'List the users of an organization, a document, a folder or a group, a page at a time' \
                'add' 'Add users to an organization, or give them a folder or document: from flags or a file' \
                'update' 'Change users\' name, email or access role: from flags, or many from a file' \
                'remove' 'Remove users from an organization, or from one folder or document (asks first)' \
                'export' 'Export everything the service holds of a user in an organization (GDPR)' \
                'purge' 'Delete all data of users: access, mentions and what they created (asks first)' \
                'purge-status' 'Show the status of user-data deletions; --wait follows them to the end'
        case 'activities'
            printf '%s\t%s\n' \
                'list' 'List activity logs of an organization, a document or a user, a page at a time' \
                'add' 'Add activity logs: one from flags, or many from a file' \
                'update' 'Change activity logs: their message and icon from flags, anything from a file' \
                'delete' 'Delete activity logs by id, by document or by target entity (asks first)'
        case 'presence'
            printf '%s\t%s\n' \
                'add' 'Add users to a document\'s presence list: one from flags, or many from a file' \
                'update' 'Change users\' presence entries (status, name, email): from flags, or a file' \
                'remove' 'Take users off a document\'s presence list'
        case 'livestate'
            printf '%s\t%s\n' \
                'broadcast' 'Broadcast a JSON object to a live-state id of a document'
        case 'crdt'
            printf '%s\t%s\n' \
                'get' 'Print the content of a document\'s editors, or of one' \
                'add' 'Create an editor of a document with its first content' \
                'update' 'Replace an editor\'s content; connected clients receive the change'
        case 'recordings'
            printf '%s\t%s\n' \
                'list' 'List the recordings of an organization or a document, a page at a time'
        case 'notifications'
            printf '%s\t%s\n' \
                'list' 'List notifications of a document, a location or a user, a page at a time' \
                'config' 'Show a user\'s notification settings for documents, or for the organization' \
                'add' 'Send a notification about a document to its organization\'s users, or to some' \
                'update' 'Change notifications or mark them read: from flags, or many from a file' \
                'delete' 'Delete the notifications of a document, a location or a user, or some of them (asks first)' \
                'set-config' 'Set users\' notification settings for documents, or their organization default'
        case 'ai'
            printf '%s\t%s\n' \
                'rewrite' 'Rewrite text with a model; prints only the rewritten text'
        case 'webhooks'
            printf '%s\t%s\n' \
                'config' 'Read and change the webhook configuration, basic or advanced' \
                'endpoints' 'Add, list, change and remove advanced webhook endpoints' \
                'listen' 'Forward the emulator\'s webhooks to a local URL until stopped' \
                'trigger' 'Make the emulator send a realistic sample of an event'
        case 'webhooks config'
            printf '%s\t%s\n' \
                'get' 'Show the basic webhook configuration, or the advanced one' \
                'update' 'Change the basic webhook configuration, or the advanced one'
        case 'webhooks endpoints'
            printf '%s\t%s\n' \
                'create' 'Add an endpoint; the service gives it its own signing secret' \
                'list' 'List the endpoints, a page at a time' \
                'update' 'Change an endpoint; members left out keep their values' \
                'delete' 'Remove an endpoint and invalidate its secret (asks first)' \
                'secret' 'Print an endpoint\'s signing secret (whsec_…)'
        case 'auth'
            printf '%s\t%s\n' \
                'login' 'Store credentials in a profile (tokens come from stdin or a hidden prompt)' \
                'logout' 'Remove a profile\'s tokens (keeps its service URL and ids)' \
                'status' 'Show which credentials are in use and check them against the service' \
                'token' 'Print the auth token in use, e.g. to export it to a CI secret' \
                'user-token' 'Mint a user\'s token carrying their access, for a client SDK (a secret)' \
                'signature' 'Sign a permission provider\'s answers (a secret)' \
                'migrate-storage' 'Move a profile\'s tokens from the config file into the OS keyring (--insecure-storage: back)'
        case 'profile'
            printf '%s\t%s\n' \
                'list' 'List stored profiles' \
                'use' 'Make a profile the active one' \
                'show' 'Show a profile, secrets masked (default: the selected one)' \
                'remove' 'Remove a stored profile'
        case 'emulator'
            printf '%s\t%s\n' \
                'start' 'Start the emulator and serve until Ctrl-C' \
                'stop' 'Stop the emulator that start --detach left running' \
                'exec' 'Start the emulator, run a command against it, stop it, and pass on its exit code' \
                'health' 'Check that an emulator answers (exit 0), e.g. as a container health check'
        case 'mcp'
            printf '%s\t%s\n' \
                'serve' 'Serve the tools over stdio (what `svc mcp` runs); logs go to stderr' \
                'config' 'Print the snippet that adds svc\'s MCP server to a client\'s configuration' \
                'tools' 'List the tools `svc mcp` serves with these flags'
    end
end

# The flags command path $argv[1] accepts, with their descriptions.
function __svc_flags
    switch $argv[1]
        case ''
            printf '%s\t%s\n' \
                '-v' 'print the version' \
                '--version' 'print the version'
        case 'workspace create'
            printf '%s\t%s\n' \
                '--email' 'owner\'s email address' \
                '--name' 'owner\'s name (default: the email)' \
                '--workspace-name' 'workspace name (default: "<name> workspace")' \
                '--avatar' 'owner\'s avatar URL' \
                '--force' 'with --profile, replace the credentials that profile holds without asking'
        case 'workspace get'
            printf '%s\t%s\n' \
                '--show-tokens' 'print the workspace token in clear (masked otherwise)'
        case 'workspace tokens'
            printf '%s\t%s\n' \
                '--api-key' 'API key id (default: the profile\'s key)' \
                '--show-tokens' 'print the tokens in clear (they are masked otherwise)' \
                '--limit' 'print at most N items (a notice says how many more)'
        case 'workspace email-status'
            printf '%s\t%s\n' \
                '--email' 'owner\'s email address'
        case 'workspace login-link'
            printf '%s\t%s\n' \
                '--email' 'address to send the link to' \
                '--continue-url' 'where the link leads after login'
        case 'workspace email-config'
            printf '%s\t%s\n' \
                '--show' 'show the stored configuration and change nothing' \
                '--enable' 'send email notifications' \
                '--disable' 'stop sending email notifications' \
                '--provider' 'email provider' \
                '--provider-key-stdin' 'read the provider\'s API key from stdin (or set SVC_EMAIL_PROVIDER_KEY)' \
                '--from-email' 'sender address' \
                '--from-company' 'sender name' \
                '--trigger' 'switch one event\'s emails on or off; repeat, or comma-separate'
        case 'workspace api-key-config'
            printf '%s\t%s\n' \
                '--show' 'show the stored configuration and change nothing' \
                '--private-comments' 'allow private comments' \
                '--no-private-comments' 'do not allow private comments' \
                '--require-jwt' 'client SDKs must authenticate with a signed JWT' \
                '--no-require-jwt' 'client SDKs need no JWT' \
                '--auto-org-user' 'add users to the organization on their first access' \
                '--no-auto-org-user' 'do not add users on their first access' \
                '--default-access' 'access type of a new document' \
                '--ai-key-stdin' 'read this AI provider\'s API key from stdin'
        case 'workspace notification-service'
            printf '%s\t%s\n' \
                '--show' 'show the stored configuration and change nothing' \
                '--enable' 'switch in-app notifications on' \
                '--disable' 'switch in-app notifications off' \
                '--delay' 'send each notification after this delay (0: at once)' \
                '--batch-document' 'batch a document\'s notifications over this window (0: off)' \
                '--batch-user' 'batch a user\'s notifications over this window (0: off)' \
                '--batch-max' 'most activities in one batch (2 to 50)' \
                '--trigger' 'switch one comment or huddle event; repeat, or comma-separate'
        case 'workspace activity-service'
            printf '%s\t%s\n' \
                '--show' 'show the stored configuration and change nothing' \
                '--enable' 'switch activity logs on' \
                '--disable' 'switch activity logs off' \
                '--immutable' 'activity logs cannot be changed or deleted' \
                '--no-immutable' 'activity logs can be changed and deleted' \
                '--enabled-time' 'when logging started' \
                '--trigger' 'switch one comment event; repeat, or comma-separate'
        case 'workspace permission-provider'
            printf '%s\t%s\n' \
                '--show' 'show the stored configuration and change nothing' \
                '--show-token' 'with --show, print the auth token in clear' \
                '--enable' 'switch the permission provider on' \
                '--disable' 'switch the permission provider off' \
                '--url' 'where the service asks for access decisions' \
                '--clear-url' 'remove the stored URL' \
                '--auth-token-stdin' 'read the token the service sends to the provider from stdin'
        case 'permissions get'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--user' 'user id (repeat, or comma-separate)' \
                '--folder' 'folder id (repeat, or comma-separate)' \
                '--doc' 'document id (repeat, or comma-separate)' \
                '--limit' 'print at most N items (a notice says how many more)'
        case 'permissions grant'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--user' 'user id' \
                '--folder' 'folder id (repeat, or comma-separate)' \
                '--doc' 'document id (repeat, or comma-separate)' \
                '--role' 'editor (the default) or viewer' \
                '--expires' 'when the access ends: a time from now (12h, 7d) or an ISO 8601 date (2027-01-31); default never'
        case 'permissions revoke'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--user' 'user id' \
                '--folder' 'folder id (repeat, or comma-separate)' \
                '--doc' 'document id (repeat, or comma-separate)'
        case 'folders list'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--folder' 'start from this folder' \
                '--max-depth' 'nest subfolders to this depth' \
                '--limit' 'print at most N items (a notice says how many more)'
        case 'folders add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--id' 'folder id' \
                '--name' 'folder name' \
                '--parent' 'parent folder id (default: top level)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'folders update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--id' 'folder id' \
                '--name' 'new folder name' \
                '--parent' 'new parent folder id; root for the top level' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'folders access'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--type' 'public, organizationPrivate or restricted' \
                '--inherit' 'take the parent folder\'s access from now on' \
                '--folder' 'folder id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'folders delete'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--folder' 'the folder to delete, with everything in it' \
                '--wait' 'wait until the folder is gone: exit 0 deleted, 7 timed out' \
                '--wait-timeout' 'how long to wait; implies --wait (default 30m)'
        case 'docs list'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id (repeat, or comma-separate); more than 30 are fetched in batches' \
                '--limit' 'print at most N items (a notice says how many more)'
        case 'docs add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--folder' 'the folder they go in (default: the top level)' \
                '--create-folder' 'create the folder, at the top level, if missing' \
                '--create-org' 'create the organization if missing' \
                '--doc' 'document id' \
                '--name' 'document name' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'docs update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--name' 'new document name' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'docs move'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--to' 'the folder they go in; root for the top level' \
                '--doc' 'document id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'docs access'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--type' 'public, organizationPrivate or restricted' \
                '--doc' 'document id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'docs delete' 'docs disable' 'docs enable'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'docs migrate'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'the document to migrate' \
                '--to' 'its new id' \
                '--wait' 'wait until the migration ends: exit 0 completed, 6 failed, 7 timed out' \
                '--wait-timeout' 'how long to wait; implies --wait (default 30m)'
        case 'docs migration-status'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--id' 'migration id' \
                '--wait' 'wait until the migration ends: exit 0 completed, 6 failed, 7 timed out' \
                '--wait-timeout' 'how long to wait; implies --wait (default 30m)'
        case 'orgs list'
            printf '%s\t%s\n' \
                '--org' 'only these organizations, at most 30 (repeat, or comma-separate; default: all)' \
                '--page-size' 'items per request (default: the service’s)' \
                '--page-token' 'continue where a listing that stopped said to' \
                '--limit' 'stop after N items, fetching pages as needed' \
                '--all' 'fetch every page to the end'
        case 'orgs add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--name' 'organization name' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'orgs update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--name' 'new organization name' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'orgs delete' 'orgs disable' 'orgs enable'
            printf '%s\t%s\n' \
                '--org' 'organization id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'groups add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--id' 'group id' \
                '--name' 'group name' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'groups members add' 'groups members remove'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--group' 'user group id' \
                '--user' 'user id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'groups members clear'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--group' 'user group id'
        case 'users list'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'only the users of this document' \
                '--folder' 'only the users of this folder' \
                '--group' 'only the members of these user groups, at most 30 (repeat, or comma-separate)' \
                '--user' 'only these users, at most 30 (repeat, or comma-separate)' \
                '--all-documents' 'the users of every document of the organization, rather than its own users' \
                '--page-size' 'items per request (default: the service’s)' \
                '--page-token' 'continue where a listing that stopped said to' \
                '--limit' 'stop after N items, fetching pages as needed' \
                '--all' 'fetch every page to the end'
        case 'users add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'give the users this document only' \
                '--folder' 'give the users this folder only' \
                '--create-org' 'create the organization if missing' \
                '--create-doc' 'create the document, at the top level, if missing' \
                '--create-folder' 'create the folder, at the top level, if missing' \
                '--user' 'user id' \
                '--name' 'the user\'s name' \
                '--email' 'the user\'s email' \
                '--role' 'editor or viewer' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'users update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'their access role at this document' \
                '--folder' 'their access role at this folder' \
                '--user' 'user id' \
                '--name' 'the user\'s name' \
                '--email' 'the user\'s email' \
                '--role' 'editor or viewer' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'users remove'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'only from this document' \
                '--folder' 'only from this folder' \
                '--user' 'user id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'users export'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--user' 'the user whose data to export' \
                '--file' 'write JSON lines ({"list": …, "item": …}) to this new file as pages arrive; - for stdout'
        case 'users purge'
            printf '%s\t%s\n' \
                '--user' 'user id (repeat, or comma-separate)' \
                '--org' 'only these organizations (speeds the job up)' \
                '--wait' 'wait until the deletion ends: exit 0 completed, 6 failed, 7 timed out' \
                '--wait-timeout' 'how long to wait; implies --wait (default 30m)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too'
        case 'users purge-status'
            printf '%s\t%s\n' \
                '--job' 'job id printed by `svc users purge` (repeat, or comma-separate)' \
                '--wait' 'wait until the deletion ends: exit 0 completed, 6 failed, 7 timed out' \
                '--wait-timeout' 'how long to wait; implies --wait (default 30m)'
        case 'activities list'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'of this document' \
                '--target' 'about this target entity, e.g. a comment annotation' \
                '--feature-type' 'only from these features (repeat, or comma-separate)' \
                '--action-type' 'only these actions, e.g. comment.add (repeat, or comma-separate)' \
                '--user' 'only what this user did' \
                '--id' 'only these activity logs (repeat, or comma-separate)' \
                '--order' 'by time (default desc)' \
                '--page-size' 'items per request (default: the service’s)' \
                '--page-token' 'continue where a listing that stopped said to' \
                '--limit' 'stop after N items, fetching pages as needed' \
                '--all' 'fetch every page to the end'
        case 'activities add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--id' 'activity id; writing an existing id overwrites it' \
                '--feature-type' 'the feature that acted' \
                '--action-type' 'what happened, e.g. comment.add or a custom name' \
                '--user' 'id of the user who acted' \
                '--user-name' 'the acting user\'s name' \
                '--user-email' 'the acting user\'s email' \
                '--target' 'target entity id (required for custom)' \
                '--message' 'display message template, e.g. "{{user}} approved"' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'activities update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--id' 'activity id' \
                '--message' 'new display message template, e.g. "{{user}} approved"' \
                '--icon' 'new action icon, a URL or name' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'activities delete'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'delete the document\'s activities' \
                '--id' 'activity id (repeat, or comma-separate)' \
                '--target' 'delete the target entity\'s activities'
        case 'presence add' 'presence update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--user' 'user id' \
                '--name' 'the user\'s name' \
                '--email' 'the user\'s email' \
                '--status' 'online, away or offline' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'presence remove'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--user' 'user id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'livestate broadcast'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--id' 'live-state data id' \
                '--data' 'a JSON object, @file or - for stdin (this or --data-raw)' \
                '--data-raw' 'the value as it is, even one that starts with @ or is -' \
                '--merge' 'merge top-level keys into the stored state (null removes a key)'
        case 'crdt get'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--editor' 'only this editor (default: every editor of the document)'
        case 'crdt add' 'crdt update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'document id' \
                '--editor' 'editor id' \
                '--type' 'the content type' \
                '--data' 'text or markup itself (text, xml), or JSON (map, array); @file or - for stdin (this or --data-raw)' \
                '--data-raw' 'the value as it is, even one that starts with @ or is -' \
                '--content-key' 'name of the content in the editor (xml; default content)'
        case 'recordings list'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'only the recordings of this document' \
                '--recording' 'only these recordings (repeat, or comma-separate)' \
                '--page-size' 'items per request (default: the service’s)' \
                '--page-token' 'continue where a listing that stopped said to' \
                '--limit' 'stop after N items, fetching pages as needed' \
                '--all' 'fetch every page to the end'
        case 'notifications list'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'of this document' \
                '--location' 'of this location' \
                '--user' 'for this user' \
                '--id' 'only these notifications, at most 30 (repeat, or comma-separate)' \
                '--order' 'by time (default desc)' \
                '--page-size' 'items per request (default: the service’s)' \
                '--page-token' 'continue where a listing that stopped said to' \
                '--limit' 'stop after N items, fetching pages as needed' \
                '--all' 'fetch every page to the end'
        case 'notifications config'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--user' 'user id' \
                '--doc' 'document id (repeat, or comma-separate)' \
                '--org-level' 'the user\'s organization-level settings (v2 only)' \
                '--api' 'API version (default v2)' \
                '--limit' 'print at most N items (a notice says how many more)'
        case 'notifications add'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'the document it is about' \
                '--from' 'id of the user who caused it' \
                '--from-name' 'that user\'s name' \
                '--to' 'users to notify (repeat, or comma-separate)' \
                '--only-to' 'notify the --to users only, not every user of the organization' \
                '--headline' 'headline, with {actionUser} and other placeholders' \
                '--body' 'body text' \
                '--id' 'its id (letters, digits, _ and -); the same id again adds nothing' \
                '--verify-access' 'notify only the users who may open the document' \
                '--source' 'custom, comment, huddle or crdt' \
                '--create-org' 'create the organization if missing' \
                '--create-doc' 'create the document, at the top level, if missing'
        case 'notifications update'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'only notifications of this document' \
                '--location' 'only notifications of this location' \
                '--user' 'only notifications for this user' \
                '--id' 'the notification to change' \
                '--headline' 'new headline' \
                '--body' 'new body text' \
                '--read-by' 'users who have read it (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'notifications delete'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'the notifications of this document' \
                '--location' 'of this location' \
                '--user' 'the notifications this user receives' \
                '--id' 'only these notifications (repeat, or comma-separate)'
        case 'notifications set-config'
            printf '%s\t%s\n' \
                '--org' 'organization id' \
                '--doc' 'these documents\' settings (default: the organization\'s)' \
                '--inbox' 'in-app: ALL, MINE or NONE' \
                '--email' 'email: ALL, MINE or NONE' \
                '--slack' 'Slack: ALL, MINE or NONE' \
                '--user' 'user id (repeat, or comma-separate)' \
                '--file' 'items from a JSON array, NDJSON or CSV file (wire field names, a.b for a nested one); - for stdin' \
                '--batch-size' 'items per request (default: the most the service accepts)' \
                '--concurrency' 'requests in flight at once (default 4)' \
                '--allow-unknown-fields' 'leave out --file fields (columns, keys) the command does not know, instead of refusing the file' \
                '--header' 'a --file list of ids, one a line: its first line is a header, skip it' \
                '--no-header' 'a --file list of ids, one a line: its first line is an id too' \
                '--resume' 'send only what a run that stopped (Ctrl-C, a crash, an outage) did not get confirmed; same command and input' \
                '--restart' 'send every item again although a run that stopped did not finish (some may be applied twice)' \
                '--resend-unknown' 'with --resume, also send items whose outcome is unknown (they may be applied twice)'
        case 'ai rewrite'
            printf '%s\t%s\n' \
                '--model' 'model, e.g. gpt-4o, o3-mini, claude-sonnet-4, gemini-2.5-pro' \
                '--prompt' 'what to do with the text' \
                '--text' 'the text to rewrite (default: stdin, less its final line ending)'
        case 'webhooks config get'
            printf '%s\t%s\n' \
                '--advanced' 'the advanced (signed, Standard Webhooks) configuration'
        case 'webhooks config update'
            printf '%s\t%s\n' \
                '--advanced' 'the advanced (signed, Standard Webhooks) configuration' \
                '--enable' 'switch webhooks on (the first --advanced update must)' \
                '--disable' 'switch webhooks off' \
                '--url' 'basic: where raw notifications are posted' \
                '--processed-url' 'basic: where processed notifications are posted' \
                '--auth-token-stdin' 'basic: read the token sent as "Authorization: Basic <token>" from stdin' \
                '--encode' 'send the payload Base64-encoded ({encodedPayload})' \
                '--no-encode' 'send the payload as JSON' \
                '--encrypt' 'send the payload encrypted with --public-key-file' \
                '--no-encrypt' 'send the payload unencrypted' \
                '--public-key-file' 'RSA public key (PEM, or bare Base64 of the key) that wraps the AES key' \
                '--trigger' 'basic: switch one event\'s webhook on or off; repeat, or comma-separate' \
                '--data-protection' 'advanced: switch data protection on' \
                '--no-data-protection' 'advanced: switch data protection off'
        case 'webhooks endpoints create'
            printf '%s\t%s\n' \
                '--url' 'where messages are posted' \
                '--description' 'what the endpoint is for' \
                '--events' 'only these event types (comma-separated); all when left out' \
                '--channel' 'only these channels; repeat, or comma-separate' \
                '--rate-limit' 'messages per second at most' \
                '--metadata' 'a metadata entry; repeat, or comma-separate' \
                '--disabled' 'create it switched off' \
                '--uid' 'your own unique id for the endpoint'
        case 'webhooks endpoints list'
            printf '%s\t%s\n' \
                '--iterator' 'continue from the iterator a previous page gave' \
                '--limit' 'fetch pages until N endpoints' \
                '--all' 'fetch every page'
        case 'webhooks endpoints update'
            printf '%s\t%s\n' \
                '--endpoint' 'endpoint id (ep_…)' \
                '--url' 'where messages are posted' \
                '--description' 'what the endpoint is for' \
                '--events' 'only these event types (comma-separated); all when left out' \
                '--channel' 'only these channels; repeat, or comma-separate' \
                '--rate-limit' 'messages per second at most' \
                '--metadata' 'a metadata entry; repeat, or comma-separate' \
                '--enable' 'switch the endpoint on (also one disabled after failures)' \
                '--disable' 'switch the endpoint off'
        case 'webhooks endpoints delete' 'webhooks endpoints secret'
            printf '%s\t%s\n' \
                '--endpoint' 'endpoint id (ep_…)'
        case 'webhooks listen'
            printf '%s\t%s\n' \
                '--forward-to' 'where each delivery is passed on' \
                '--events' 'only these event types (comma-separated); all when left out'
        case 'webhooks trigger'
            printf '%s\t%s\n' \
                '--org' 'the organization the sample names (default sample-org)' \
                '--doc' 'the document the sample names (default sample-doc)'
        case 'auth login'
            printf '%s\t%s\n' \
                '--api-key' 'API key id' \
                '--workspace-id' 'workspace id' \
                '--with-token' 'read the API key\'s auth token from stdin' \
                '--with-workspace-token' 'read the workspace token from stdin (with --with-token: the second line)' \
                '--force' 'replace the profile\'s stored credentials without asking' \
                '--no-verify' 'store without checking the credentials against the service'
        case 'auth token'
            printf '%s\t%s\n' \
                '--workspace' 'print the workspace token instead'
        case 'auth user-token'
            printf '%s\t%s\n' \
                '--user' 'the user the token is for' \
                '--name' 'the user\'s name' \
                '--email' 'the user\'s email' \
                '--admin' 'an administrator' \
                '--org' 'their organization' \
                '--org-role' 'their role in it (default editor)' \
                '--folder' 'folders they get (repeat, or comma-separate)' \
                '--doc' 'documents they get (repeat, or comma-separate)' \
                '--role' 'their role on those (default editor)' \
                '--expires' 'when their access to those ends: 12h, 7d or a date' \
                '--show' 'print the token at a terminal too'
        case 'auth signature'
            printf '%s\t%s\n' \
                '--permissions' 'the answers to sign, a JSON array of {userId, resourceId, type, hasAccess, accessRole?, expiresAt?}; @file or - for stdin' \
                '--show' 'print the signature at a terminal too'
        case 'auth migrate-storage'
            printf '%s\t%s\n' \
                '--all' 'every stored profile, not only the one in use'
        case 'profile list'
            printf '%s\t%s\n' \
                '--limit' 'print at most N items (a notice says how many more)'
        case 'api'
            printf '%s\t%s\n' \
                '--data' 'the request\'s `data` member: JSON, @file, or - for stdin' \
                '--data-raw' 'the value as it is, even one that starts with @ or is -' \
                '--auth' 'which credentials to send (default: the operation\'s level, else key)'
        case 'emulator start'
            printf '%s\t%s\n' \
                '--port' 'port to listen on; 0 picks a free one' \
                '--host' 'address to bind; anything but loopback exposes it' \
                '--data-dir' 'keep state in SQLite under this folder (default: in memory)' \
                '--seed' 'load a fixture file at start (see docs/fixtures.md); SVC_EMULATOR_SEED_JSON gives one as JSON text' \
                '--job-delay' 'time each step of a job takes: 0 finishes jobs at once, manual waits for POST /_emulator/jobs/step (default 200ms)' \
                '--openai-url' 'base URL of the OpenAI API that AI rewrite calls' \
                '--anthropic-url' 'base URL of the Anthropic API that AI rewrite calls' \
                '--google-url' 'base URL of the Google Gemini API that AI rewrite calls' \
                '--faults' 'inject latency, error statuses and dropped connections: JSON or @file (docs/emulator-faults.md)' \
                '--console-option' 'switch a console option on in every workspace: advancedQueries, activityService, notificationConfig, or all (repeatable)' \
                '--allowed-continue-host' 'another host a login link may continue to, besides localhost and the console host (repeatable)' \
                '--allowed-host' 'another name clients address the emulator by, e.g. a container service name; name:port for one port only (repeatable)' \
                '--webhook-host' 'another host webhooks may be sent to, besides loopback (repeatable)' \
                '--no-admin' 'switch off the /_emulator/ admin routes (for an emulator others reach)' \
                '--no-admin-token' 'let the admin routes answer without the admin token: any user of this machine could then export every token (loopback only)' \
                '--ui' 'serve the web UI even when --host faces the network' \
                '--no-ui' 'do not serve the web UI at /_emulator/ui/' \
                '--detach' 'start it in the background, wait until it answers, write its URL and credentials to an env file in the state directory, and return (svc emulator stop ends it)'
        case 'emulator exec'
            printf '%s\t%s\n' \
                '--port' 'port to listen on; 0 picks a free one' \
                '--host' 'address to bind; anything but loopback exposes it' \
                '--data-dir' 'keep state in SQLite under this folder (default: in memory)' \
                '--seed' 'load a fixture file at start (see docs/fixtures.md); SVC_EMULATOR_SEED_JSON gives one as JSON text' \
                '--job-delay' 'time each step of a job takes: 0 finishes jobs at once, manual waits for POST /_emulator/jobs/step (default 200ms)' \
                '--openai-url' 'base URL of the OpenAI API that AI rewrite calls' \
                '--anthropic-url' 'base URL of the Anthropic API that AI rewrite calls' \
                '--google-url' 'base URL of the Google Gemini API that AI rewrite calls' \
                '--faults' 'inject latency, error statuses and dropped connections: JSON or @file (docs/emulator-faults.md)' \
                '--console-option' 'switch a console option on in every workspace: advancedQueries, activityService, notificationConfig, or all (repeatable)' \
                '--allowed-continue-host' 'another host a login link may continue to, besides localhost and the console host (repeatable)' \
                '--allowed-host' 'another name clients address the emulator by, e.g. a container service name; name:port for one port only (repeatable)' \
                '--webhook-host' 'another host webhooks may be sent to, besides loopback (repeatable)' \
                '--no-admin' 'switch off the /_emulator/ admin routes (for an emulator others reach)' \
                '--no-admin-token' 'let the admin routes answer without the admin token: any user of this machine could then export every token (loopback only)' \
                '--ui' 'serve the web UI even when --host faces the network' \
                '--no-ui' 'do not serve the web UI at /_emulator/ui/' \
                '--no-workspace' 'do not create a workspace (no credential variables are set)'
        case 'emulator health'
            printf '%s\t%s\n' \
                '--url' 'the emulator\'s base URL'
        case 'mcp' 'mcp serve'
            printf '%s\t%s\n' \
                '--read-only' 'serve reads only, whatever else is given' \
                '--allow-destructive' 'also serve the tools that remove or replace data (each such call is confirmed: by the user where the client can ask, else with a token)' \
                '--toolsets' 'serve only the tools of these groups, e.g. docs,folders (repeat, or comma-separate)' \
                '--tools' 'serve only these tools (repeat, or comma-separate)' \
                '--exclude-tools' 'do not serve these tools' \
                '--reveal-secrets' 'show tokens in tool results in clear (masked by default)' \
                '--log-file' 'append the audit lines to this file (created 0600), not stderr' \
                '--confirm-ttl' 'how long a destructive call\'s confirmation token stays valid (default 5m)' \
                '--emulator' 'serve against a private in-process emulator with a fresh workspace' \
                '--seed' 'with --emulator: load this fixture first (see docs/fixtures.md)'
        case 'mcp config'
            printf '%s\t%s\n' \
                '--client' 'the client whose configuration to print' \
                '--read-only' 'serve reads only, whatever else is given' \
                '--allow-destructive' 'also serve the tools that remove or replace data (each such call is confirmed: by the user where the client can ask, else with a token)' \
                '--toolsets' 'serve only the tools of these groups, e.g. docs,folders (repeat, or comma-separate)' \
                '--tools' 'serve only these tools (repeat, or comma-separate)' \
                '--exclude-tools' 'do not serve these tools' \
                '--reveal-secrets' 'show tokens in tool results in clear (masked by default)' \
                '--log-file' 'append the audit lines to this file (created 0600), not stderr' \
                '--confirm-ttl' 'how long a destructive call\'s confirmation token stays valid (default 5m)' \
                '--emulator' 'serve against a private in-process emulator with a fresh workspace' \
                '--seed' 'with --emulator: load this fixture first (see docs/fixtures.md)'
        case 'mcp tools'
            printf '%s\t%s\n' \
                '--markdown' 'as the Markdown list of docs/mcp.md' \
                '--read-only' 'serve reads only, whatever else is given' \
                '--allow-destructive' 'also serve the tools that remove or replace data (each such call is confirmed: by the user where the client can ask, else with a token)' \
                '--toolsets' 'serve only the tools of these groups, e.g. docs,folders (repeat, or comma-separate)' \
                '--tools' 'serve only these tools (repeat, or comma-separate)' \
                '--exclude-tools' 'do not serve these tools' \
                '--reveal-secrets' 'show tokens in tool results in clear (masked by default)' \
                '--log-file' 'append the audit lines to this file (created 0600), not stderr' \
                '--confirm-ttl' 'how long a destructive call\'s confirmation token stays valid (default 5m)' \
                '--emulator' 'serve against a private in-process emulator with a fresh workspace' \
                '--seed' 'with --emulator: load this fixture first (see docs/fixtures.md)'
        case 'schema'
            printf '%s\t%s\n' \
                '--list' 'list the commands that have a schema'
    end
    printf '%s\t%s\n' \
        '--profile' 'stored profile to use (env: SVC_PROFILE)' \
        '--base-url' 'service base URL, overriding the profile (env: SVC_BASE_URL)' \
        '--header-prefix' 'the credential headers\' prefix where the service\'s is not x-service, e.g. x-acme (env: SVC_HEADER_PREFIX)' \
        '--json' 'machine output: one JSON document on stdout' \
        '--jq' 'filter the --json document with jq (implies --json); strings print as text' \
        '-q' 'nothing on stderr but errors: no notices, warnings or progress' \
        '--quiet' 'nothing on stderr but errors: no notices, warnings or progress' \
        '--no-color' 'no colour (also NO_COLOR; FORCE_COLOR forces it)' \
        '--no-input' 'never prompt; a missing value is an error naming its flag' \
        '--no-pager' 'never page long output at a terminal (also SVC_PAGER=cat)' \
        '-y' 'answer yes to confirmations' \
        '--yes' 'answer yes to confirmations' \
        '--debug' 'trace each HTTP exchange on stderr, secrets redacted' \
        '--timeout' 'time limit of each attempt of a request (retries have their own), e.g. 500ms, 30s, 5m (env: SVC_TIMEOUT)' \
        '--dry-run' 'print the request a mutating command would send, and send nothing' \
        '--insecure' 'allow plain http to a host other than this machine' \
        '--insecure-storage' 'store tokens in the config file (mode 0600), not the OS keyring' \
        '-h' 'show help for a command' \
        '--help' 'show help for a command'
end

# How the value of flag $argv[2] of command path $argv[1] completes: a kind, then its
# words, one a line. Fails when the flag takes no value.
function __svc_value
    set -l flags
    switch $argv[1]
        case 'workspace create'
            set flags '--email' '--name' '--workspace-name' '--avatar'
        case 'workspace tokens'
            set flags '--api-key' '--limit'
        case 'workspace email-status'
            set flags '--email'
        case 'workspace login-link'
            set flags '--email' '--continue-url'
        case 'workspace email-config'
            set flags '--provider' '--from-email' '--from-company' '--trigger'
        case 'workspace api-key-config'
            set flags '--default-access' '--ai-key-stdin'
        case 'workspace notification-service'
            set flags '--delay' '--batch-document' '--batch-user' '--batch-max' '--trigger'
        case 'workspace activity-service'
            set flags '--enabled-time' '--trigger'
        case 'workspace permission-provider' 'emulator health'
            set flags '--url'
        case 'permissions get'
            set flags '--org' '--user' '--folder' '--doc' '--limit'
        case 'permissions grant'
            set flags '--org' '--user' '--folder' '--doc' '--role' '--expires'
        case 'permissions revoke'
            set flags '--org' '--user' '--folder' '--doc'
        case 'folders list'
            set flags '--org' '--folder' '--max-depth' '--limit'
        case 'folders add' 'folders update'
            set flags '--org' '--id' '--name' '--parent' '--file' '--batch-size' '--concurrency'
        case 'folders access'
            set flags '--org' '--type' '--folder' '--file' '--batch-size' '--concurrency'
        case 'folders delete'
            set flags '--org' '--folder' '--wait-timeout'
        case 'docs list'
            set flags '--org' '--doc' '--limit'
        case 'docs add'
            set flags '--org' '--folder' '--doc' '--name' '--file' '--batch-size' '--concurrency'
        case 'docs update'
            set flags '--org' '--doc' '--name' '--file' '--batch-size' '--concurrency'
        case 'docs move'
            set flags '--org' '--to' '--doc' '--file' '--batch-size' '--concurrency'
        case 'docs access'
            set flags '--org' '--type' '--doc' '--file' '--batch-size' '--concurrency'
        case 'docs delete' 'docs disable' 'docs enable'
            set flags '--org' '--doc' '--file' '--batch-size' '--concurrency'
        case 'docs migrate'
            set flags '--org' '--doc' '--to' '--wait-timeout'
        case 'docs migration-status'
            set flags '--org' '--id' '--wait-timeout'
        case 'orgs list'
            set flags '--org' '--page-size' '--page-token' '--limit'
        case 'orgs add' 'orgs update'
            set flags '--org' '--name' '--file' '--batch-size' '--concurrency'
        case 'orgs delete' 'orgs disable' 'orgs enable'
            set flags '--org' '--file' '--batch-size' '--concurrency'
        case 'groups add'
            set flags '--org' '--id' '--name' '--file' '--batch-size' '--concurrency'
        case 'groups members add' 'groups members remove'
            set flags '--org' '--group' '--user' '--file' '--batch-size' '--concurrency'
        case 'groups members clear'
            set flags '--org' '--group'
        case 'users list'
            set flags '--org' '--doc' '--folder' '--group' '--user' '--page-size' '--page-token' '--limit'
        case 'users add' 'users update'
            set flags '--org' '--doc' '--folder' '--user' '--name' '--email' '--role' '--file' '--batch-size' '--concurrency'
        case 'users remove'
            set flags '--org' '--doc' '--folder' '--user' '--file' '--batch-size' '--concurrency'
        case 'users export'
            set flags '--org' '--user' '--file'
        case 'users purge'
            set flags '--user' '--org' '--wait-timeout' '--file' '--batch-size' '--concurrency'
        case 'users purge-status'
            set flags '--job' '--wait-timeout'
        case 'activities list'
            set flags '--org' '--doc' '--target' '--feature-type' '--action-type' '--user' '--id' '--order' '--page-size' '--page-token' '--limit'
        case 'activities add'
            set flags '--org' '--doc' '--id' '--feature-type' '--action-type' '--user' '--user-name' '--user-email' '--target' '--message' '--file' '--batch-size' '--concurrency'
        case 'activities update'
            set flags '--org' '--id' '--message' '--icon' '--file' '--batch-size' '--concurrency'
        case 'activities delete'
            set flags '--org' '--doc' '--id' '--target'
        case 'presence add' 'presence update'
            set flags '--org' '--doc' '--user' '--name' '--email' '--status' '--file' '--batch-size' '--concurrency'
        case 'presence remove'
            set flags '--org' '--doc' '--user' '--file' '--batch-size' '--concurrency'
        case 'livestate broadcast'
            set flags '--org' '--doc' '--id' '--data' '--data-raw'
        case 'crdt get'
            set flags '--org' '--doc' '--editor'
        case 'crdt add' 'crdt update'
            set flags '--org' '--doc' '--editor' '--type' '--data' '--data-raw' '--content-key'
        case 'recordings list'
            set flags '--org' '--doc' '--recording' '--page-size' '--page-token' '--limit'
        case 'notifications list'
            set flags '--org' '--doc' '--location' '--user' '--id' '--order' '--page-size' '--page-token' '--limit'
        case 'notifications config'
            set flags '--org' '--user' '--doc' '--api' '--limit'
        case 'notifications add'
            set flags '--org' '--doc' '--from' '--from-name' '--to' '--headline' '--body' '--id' '--source'
        case 'notifications update'
            set flags '--org' '--doc' '--location' '--user' '--id' '--headline' '--body' '--read-by' '--file' '--batch-size' '--concurrency'
        case 'notifications delete'
            set flags '--org' '--doc' '--location' '--user' '--id'
        case 'notifications set-config'
            set flags '--org' '--doc' '--inbox' '--email' '--slack' '--user' '--file' '--batch-size' '--concurrency'
        case 'ai rewrite'
            set flags '--model' '--prompt' '--text'
        case 'webhooks config update'
            set flags '--url' '--processed-url' '--public-key-file' '--trigger'
        case 'webhooks endpoints create'
            set flags '--url' '--description' '--events' '--channel' '--rate-limit' '--metadata' '--uid'
        case 'webhooks endpoints list'
            set flags '--iterator' '--limit'
        case 'webhooks endpoints update'
            set flags '--endpoint' '--url' '--description' '--events' '--channel' '--rate-limit' '--metadata'
        case 'webhooks endpoints delete' 'webhooks endpoints secret'
            set flags '--endpoint'
        case 'webhooks listen'
            set flags '--forward-to' '--events'
        case 'webhooks trigger'
            set flags '--org' '--doc'
        case 'auth login'
            set flags '--api-key' '--workspace-id'
        case 'auth user-token'
            set flags '--user' '--name' '--email' '--org' '--org-role' '--folder' '--doc' '--role' '--expires'
        case 'auth signature'
            set flags '--permissions'
        case 'profile list'
            set flags '--limit'
        case 'api'
            set flags '--data' '--data-raw' '--auth'
        case 'emulator start' 'emulator exec'
            set flags '--port' '--host' '--data-dir' '--seed' '--job-delay' '--openai-url' '--anthropic-url' '--google-url' '--faults' '--console-option' '--allowed-continue-host' '--allowed-host' '--webhook-host'
        case 'mcp' 'mcp serve' 'mcp tools'
            set flags '--toolsets' '--tools' '--exclude-tools' '--log-file' '--confirm-ttl' '--seed'
        case 'mcp config'
            set flags '--client' '--toolsets' '--tools' '--exclude-tools' '--log-file' '--confirm-ttl' '--seed'
    end
    contains -- $argv[2] $flags '--profile' '--base-url' '--header-prefix' '--jq' '--timeout'; or return 1
    switch "$argv[1] $argv[2]"
        case 'workspace email-config --provider'
            printf '%s\n' 'values' 'default' 'sendgrid' 'custom'
        case 'workspace email-config --trigger'
            printf '%s\n' 'values' 'comment_annotation.add=on' 'comment_annotation.add=off' 'comment.add=on' 'comment.add=off' 'comment_annotation.status_change=on' 'comment_annotation.status_change=off' 'comment_annotation.assign=on' 'comment_annotation.assign=off' 'comment_annotation.priority_change=on' 'comment_annotation.priority_change=off'
        case 'workspace api-key-config --default-access'
            printf '%s\n' 'values' 'public' 'restricted' 'organizationPrivate'
        case 'workspace api-key-config --ai-key-stdin'
            printf '%s\n' 'values' 'openai' 'anthropic' 'gemini'
        case 'permissions grant --role' 'users add --role' 'users update --role' 'auth user-token --org-role' 'auth user-token --role'
            printf '%s\n' 'values' 'editor' 'viewer'
        case 'folders add --file' 'folders update --file' 'folders access --file' 'docs add --file' 'docs update --file' 'docs move --file' 'docs access --file' 'docs delete --file' 'docs disable --file' 'docs enable --file' 'orgs add --file' 'orgs update --file' 'orgs delete --file' 'orgs disable --file' 'orgs enable --file' 'groups add --file' 'groups members add --file' 'groups members remove --file' 'users add --file' 'users update --file' 'users remove --file' 'users export --file' 'users purge --file' 'activities add --file' 'activities update --file' 'presence add --file' 'presence update --file' 'presence remove --file' 'notifications update --file' 'notifications set-config --file' 'webhooks config update --public-key-file' 'emulator start --seed' 'emulator exec --seed' 'mcp --log-file' 'mcp --seed' 'mcp serve --log-file' 'mcp serve --seed' 'mcp config --log-file' 'mcp config --seed' 'mcp tools --log-file' 'mcp tools --seed'
            printf '%s\n' 'files'
        case 'folders access --type' 'docs access --type'
            printf '%s\n' 'values' 'public' 'organizationPrivate' 'restricted'
        case 'activities list --feature-type' 'activities add --feature-type'
            printf '%s\n' 'values' 'comment' 'reaction' 'recorder' 'crdt' 'custom'
        case 'activities list --order' 'notifications list --order'
            printf '%s\n' 'values' 'asc' 'desc'
        case 'crdt add --type' 'crdt update --type'
            printf '%s\n' 'values' 'text' 'map' 'array' 'xml'
        case 'notifications config --api'
            printf '%s\n' 'values' 'v1' 'v2'
        case 'notifications set-config --inbox' 'notifications set-config --email' 'notifications set-config --slack'
            printf '%s\n' 'values' 'ALL' 'MINE' 'NONE'
        case 'api --auth'
            printf '%s\n' 'values' 'key' 'workspace' 'none'
        case 'emulator start --data-dir' 'emulator exec --data-dir'
            printf '%s\n' 'dirs'
        case 'mcp config --client'
            printf '%s\n' 'values' 'claude' 'claude-desktop' 'cursor' 'vscode'
        case '* --profile'
            printf '%s\n' 'profiles'
        case '*'
            echo text
    end
end

# How the arguments of command path $argv[1] complete; fails when they are free text.
function __svc_args
    switch $argv[1]
        case 'webhooks trigger'
            printf '%s\n' 'values' 'comment_annotation.add' 'comment_annotation.assign' 'comment_annotation.status_change' 'comment_annotation.priority_change' 'comment_annotation.custom_list_change' 'comment_annotation.subscribe' 'comment_annotation.unsubscribe' 'comment_annotation.accept' 'comment_annotation.reject' 'comment_annotation.approve' 'comment_annotation.suggestion_accept' 'comment_annotation.suggestion_reject' 'comment.add' 'comment.update' 'comment.delete' 'comment.reaction_add' 'comment.reaction_delete' 'huddle.create' 'huddle.join' 'crdt.update_data' 'recorder.done' 'execution.dispatched' 'execution.completed' 'execution.failed' 'execution.cancelled' 'step.awaiting-approval' 'step.completed' 'step.failed' 'step.breached' 'step.cancelled' 'group.quorum-met' 'loop.iteration-started' 'loop.exhausted' 'message.attempt.exhausted'
        case 'profile use' 'profile show' 'profile remove'
            printf '%s\n' 'profiles'
        case 'emulator exec'
            printf '%s\n' 'commands'
        case 'completion'
            printf '%s\n' 'values' 'bash' 'zsh' 'fish'
        case 'schema'
            printf '%s\n' 'tree'
        case 'help'
            printf '%s\n' 'tree' 'exit-codes' 'environment' 'reference' 'formatting' 'credentials'
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
            printf '%s\n' $argv
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
        set -l names (__svc_subcommands "$cmdpath" | string replace -r '\t.*' '')
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
                printf '%s=%s\n' $flag[1] $candidate
            end
            return
        case '-*'
            __svc_flags "$cmdpath"
            return
    end
    set -l subcommands (__svc_subcommands "$cmdpath")
    if test (count $args) -eq 0; and set -q subcommands[1]
        printf '%s\n' $subcommands
        return
    end
    set -l value (__svc_args "$cmdpath"); or return
    if test "$value[1]" = tree
        # The arguments are a path of svc commands; the extra words only come first.
        set -e value[1]
        __svc_subcommands "$args"
        set -q args[1]; or printf '%s\n' $value
        return
    end
    __svc_complete_value "$current" $value
end

complete -c svc -f -a '(__svc_complete)'
