/**
 * identity's email templates with their words in five languages (content/<language>/emails.json): the entry of a module
 * of identity's layer (shared/src/runtime.ts, SERVICE_LAYER_BUILDS), built from this file and loaded on the first email
 * a function instance sends (`loadEmails`, providers/mail.ts), so the HTTP function's bundle carries none of the
 * templates' words (../../README.md, "Email"); locally and in tests it is this source.
 */
export { emailChangedEmail, passwordChangedEmail, resetCodeEmail, verificationEmail, welcomeEmail } from '../domain/emails.ts';
