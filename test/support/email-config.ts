/**
 * `svc workspace email-config` switching email on through SendGrid from noreply@acme.dev,
 * the provider key read from stdin: the configuration the email tests start from.
 */
export const ENABLE_SENDGRID = [
  'workspace',
  'email-config',
  '--enable',
  '--provider',
  'sendgrid',
  '--provider-key-stdin',
  '--from-email',
  'noreply@acme.dev',
];
