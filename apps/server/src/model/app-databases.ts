import type { DomainRef } from './principal.ts';

/** A database made for a web app, and how the app reaches it. */
export interface AppDatabase {
  database: string;
  user: string;
  host: string;
  port: number;
}

/**
 * What the databases area offers the web apps area: a database with its first user, under the
 * domain's limits and prefix like one the customer adds, and its removal. Errors are the
 * databases area's (AppError with its codes).
 */
export interface AppDatabases {
  /** `name` and the user's name are the part after the customer's prefix. */
  create(domain: DomainRef, name: string, password: string): Promise<AppDatabase>;
  /** Removes the database and its users; a database that is already gone is no error. */
  remove(domain: DomainRef, database: string): Promise<void>;
}
