/*
 * The byte layout of a zip archive (APPNOTE 6.3): local headers, central directory and end
 * records, with zip64 where a size, an offset or the entry count does not fit 32 (16) bits.
 */

export const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** Version 4.5: zip64; 2.0: deflate and folders. Made by 3: Unix, so the mode is kept. */
const VERSION_ZIP64 = 45;
const VERSION_DEFLATE = 20;
const MADE_BY_UNIX = 3 << 8;
/** Bit 11: the name is UTF-8. */
const FLAG_UTF8 = 0x0800;

export const METHOD_STORE = 0;
export const METHOD_DEFLATE = 8;

export interface EntryRecord {
  /** Name inside the archive; folders end with '/'. */
  name: Buffer;
  method: number;
  mtime: Date;
  /** File type bits and permissions, as in st_mode. */
  mode: number;
  crc: number;
  compressed: number;
  size: number;
  /** Where the local header starts. */
  offset: number;
  /** Sizes live in a zip64 extra field of the local header (decided before the data is known). */
  zip64Local: boolean;
}

function dosDateTime(date: Date): { time: number; date: number } {
  // DOS time has no time zone: local time, as zip and unzip use. Before 1980 cannot be said.
  const d = date.getFullYear() < 1980 ? new Date(1980, 0, 1) : date;
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Extended timestamp (0x5455): the modification time in UTC seconds, which DOS time cannot hold. */
function timestampExtra(mtime: Date): Buffer {
  const b = Buffer.alloc(9);
  b.writeUInt16LE(0x5455, 0);
  b.writeUInt16LE(5, 2);
  b.writeUInt8(1, 4);
  b.writeUInt32LE(Math.min(MAX32, Math.max(0, Math.floor(mtime.getTime() / 1000))), 5);
  return b;
}

function zip64Extra(values: readonly number[]): Buffer {
  const b = Buffer.alloc(4 + values.length * 8);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(values.length * 8, 2);
  values.forEach((v, i) => b.writeBigUInt64LE(BigInt(v), 4 + i * 8));
  return b;
}

const versionNeeded = (zip64: boolean) => (zip64 ? VERSION_ZIP64 : VERSION_DEFLATE);

export function localHeader(e: EntryRecord): Buffer {
  const extra = Buffer.concat([
    ...(e.zip64Local ? [zip64Extra([e.size, e.compressed])] : []),
    timestampExtra(e.mtime),
  ]);
  const h = Buffer.alloc(30);
  const dos = dosDateTime(e.mtime);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(versionNeeded(e.zip64Local), 4);
  h.writeUInt16LE(FLAG_UTF8, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt16LE(dos.time, 10);
  h.writeUInt16LE(dos.date, 12);
  h.writeUInt32LE(e.crc, 14);
  h.writeUInt32LE(e.zip64Local ? MAX32 : e.compressed, 18);
  h.writeUInt32LE(e.zip64Local ? MAX32 : e.size, 22);
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(extra.length, 28);
  return Buffer.concat([h, e.name, extra]);
}

export function centralHeader(e: EntryRecord, forceZip64 = false): Buffer {
  const big = (v: number) => forceZip64 || v >= MAX32;
  // The zip64 extra holds exactly the fields set to 0xFFFFFFFF, in this order.
  const wide = [e.size, e.compressed, e.offset].filter(big);
  const extra = Buffer.concat([
    ...(wide.length > 0 ? [zip64Extra(wide)] : []),
    timestampExtra(e.mtime),
  ]);
  const h = Buffer.alloc(46);
  const dos = dosDateTime(e.mtime);
  const zip64 = wide.length > 0 || e.zip64Local;
  const isDir = (e.mode & 0o170000) === 0o040000;
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 4);
  h.writeUInt16LE(versionNeeded(zip64), 6);
  h.writeUInt16LE(FLAG_UTF8, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt16LE(dos.time, 12);
  h.writeUInt16LE(dos.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(big(e.compressed) ? MAX32 : e.compressed, 20);
  h.writeUInt32LE(big(e.size) ? MAX32 : e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  h.writeUInt16LE(extra.length, 30);
  // comment length, disk number, internal attributes: 0
  h.writeUInt32LE(((e.mode << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
  h.writeUInt32LE(big(e.offset) ? MAX32 : e.offset, 42);
  return Buffer.concat([h, e.name, extra]);
}

/** The end of central directory record, preceded by the zip64 end record and locator if needed. */
export function endRecords(
  count: number,
  cdOffset: number,
  cdSize: number,
  forceZip64 = false,
): Buffer {
  const zip64 = forceZip64 || count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const r = Buffer.alloc(56);
    r.writeUInt32LE(0x06064b50, 0);
    r.writeBigUInt64LE(44n, 4);
    r.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
    r.writeUInt16LE(VERSION_ZIP64, 14);
    r.writeBigUInt64LE(BigInt(count), 24);
    r.writeBigUInt64LE(BigInt(count), 32);
    r.writeBigUInt64LE(BigInt(cdSize), 40);
    r.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(r, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? MAX16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX16 : count, 10);
  end.writeUInt32LE(zip64 ? MAX32 : cdSize, 12);
  end.writeUInt32LE(zip64 ? MAX32 : cdOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}
