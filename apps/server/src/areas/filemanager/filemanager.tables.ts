import type { AreaDb } from '../../db/database.ts';
/** A trashed entry: it sits in the domain's trash folder (outside the home) under `id` until restored or emptied. */
export interface FilemanagerTrashTable {
  id: string;
  domain_id: number;
  name: string;
  /** Canonical path in the home where it was ('/httpdocs/old.php'). */
  original_path: string;
  type: 'directory' | 'file' | 'link';
  size: number;
  deleted_at: number;
}

/** A single-use download ticket; only its SHA-256 is stored. */
export interface FilemanagerTicketsTable {
  token_hash: string;
  domain_id: number;
  identity_id: number;
  path: string;
  expires_at: number;
  used_at: number | null;
}

export type FilemanagerTables = {
  filemanager_trash: FilemanagerTrashTable;
  filemanager_tickets: FilemanagerTicketsTable;
};

/** The area's database: the core's tables and its own (areas/<area>.module.ts narrows to it). */
export type FilemanagerDb = AreaDb<FilemanagerTables>;
