/**
 * `@haven/contract/shared`: what every area builds on (endpoint descriptors, the error envelope,
 * limits, languages, validation codes and rules, the password policy). Each area has its own
 * entry (`@haven/contract/dns`, ...); the root entry re-exports them all for the server.
 */
export * from './endpoint.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './languages.ts';
export * from './rules/messages.ts';
export * from './rules/text.ts';
export * from './rules/is-domain-name.ts';
export * from './rules/domain-name.ts';
export * from './rules/rel-path.ts';
export * from './password/policy.ts';
export * from './payment-return.ts';
