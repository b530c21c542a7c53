/**
 * How long one panel process may answer from what it read before, when the change came from
 * elsewhere (the operator CLI, another instance on the same PostgreSQL): live sessions, a
 * customer's user view, the domain behind `/api/{domain}`. This process's own writes show at
 * once. Operations documents the figure (docs/operations.md).
 */
export const KEPT_READ_MS = 5_000;
