import { z } from 'zod';

const MB = 1_000_000;

/** File manager: largest upload, and unzip limits against zip bombs (SI megabytes). */
export const filemanagerSettings = () =>
  z
    .object({
      HAVEN_UPLOAD_MAX_MB: z.coerce.number().positive().default(512),
      HAVEN_UNZIP_MAX_MB: z.coerce.number().positive().default(2000),
      HAVEN_UNZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(20_000),
    })
    .transform((e) => ({
      uploadMaxBytes: Math.round(e.HAVEN_UPLOAD_MAX_MB * MB),
      unzipMaxBytes: Math.round(e.HAVEN_UNZIP_MAX_MB * MB),
      unzipMaxEntries: e.HAVEN_UNZIP_MAX_ENTRIES,
    }));
export type FilemanagerSettings = z.output<ReturnType<typeof filemanagerSettings>>;
