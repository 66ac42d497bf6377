/**
 * `npm start`'s log files (DATA_DIR/logs): appended to across starts, so each start first moves a
 * file that has grown past its limit aside to `<name>.1` (replacing the previous one). The logs of
 * the last start or two stay readable and the directory stays bounded (two files per log).
 */
import { rename, stat } from 'node:fs/promises';

/** The size past which a log file is moved aside at start (bytes). */
export const LOG_ROTATE_BYTES = 50 * 1024 * 1024;

/** Moves `file` to `file.1` when it is larger than `maxBytes`; returns whether it did. */
export async function rotateIfLarge(file: string, maxBytes: number = LOG_ROTATE_BYTES): Promise<boolean> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (size <= maxBytes) return false;
  await rename(file, `${file}.1`);
  return true;
}
