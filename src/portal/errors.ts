// The portal's refusals: a status, a stable code the pages show their own English or Thai text for
// (docs/portal.md lists them), and an English message.

import { EMAIL_RULE } from './addresses.js';

export type PortalCode =
  | 'bad_request'
  | 'email_invalid'
  | 'name_invalid'
  | 'csrf'
  | 'signin_failed'
  | 'not_confirmed'
  | 'password_short'
  | 'password_common'
  | 'password_wrong'
  | 'token_invalid'
  | 'rate_limited'
  | 'signup_closed'
  | 'invitation_required'
  | 'terms_not_accepted'
  | 'product_limit'
  | 'not_found'
  | 'blocked'
  | 'unauthorized'
  | 'too_large'
  | 'expiry_invalid'
  | 'code_invalid';

const MESSAGES: Record<PortalCode, string> = {
  bad_request: 'The request is not valid.',
  expiry_invalid: "A key's end must be a time in the future.",
  code_invalid:
    'The code is wrong or used; enter the current code of your authenticator app, or a recovery code.',
  email_invalid: EMAIL_RULE,
  name_invalid: 'Give a name with at least one visible character.',
  csrf: 'The request lacks a valid X-CSRF-Token header: read it from GET /portal/api/session.',
  signin_failed: 'The email or password is wrong.',
  not_confirmed: 'Confirm your email address first: open the link in the email we sent.',
  password_short: 'The password must have at least 10 characters.',
  password_common: 'This password is too common; choose another.',
  password_wrong: 'The current password is wrong.',
  token_invalid: 'The link is invalid, used or expired.',
  rate_limited: 'Too many attempts. Try again later.',
  signup_closed: 'Sign-up is closed.',
  invitation_required: 'Sign-up is by invitation only: open the link in your invitation.',
  terms_not_accepted: "Accept the product's terms of use to subscribe.",
  product_limit: 'You hold as many subscriptions to this product as it allows.',
  not_found: 'Not found.',
  blocked: 'This account is blocked. Contact the operator.',
  unauthorized: 'Sign in first.',
  too_large: 'The request body is too large.',
};

export class PortalError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: PortalCode,
    message = MESSAGES[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
