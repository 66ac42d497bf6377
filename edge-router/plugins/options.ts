/** Option schemas shared by the plugins, so each validates its options when it registers (STYLE.md). */
import { z } from 'zod';
import type { ObjectStore } from '../../core/storage/types.js';

export const objectStoreSchema = z.custom<ObjectStore>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    'get' in value &&
    typeof value.get === 'function' &&
    'head' in value &&
    typeof value.head === 'function',
  { message: 'store must be an ObjectStore' },
);
