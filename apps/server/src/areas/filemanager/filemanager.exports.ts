import type { DiskUsageSource } from '../../model/disk-usage.ts';

/** What the file manager offers others, on purpose; areas/registry.ts passes it on. */
export interface FilemanagerExports {
  /** The domain's one disk usage figure, kept by the quota (the dashboard shows it). */
  diskUsage: DiskUsageSource;
}

export function filemanagerExports(diskUsage: DiskUsageSource): FilemanagerExports {
  return { diskUsage };
}
