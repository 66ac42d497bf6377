/** Option schemas shared by the plugins, so each validates its options when it registers (docs/architecture.md "Conventions"). */
import { z } from 'zod';
import type { ObjectStore } from '../../core/storage/types.js';
import type { ObjectReader } from './hot-cache.js';

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

/** The hot cache (hot-cache.ts) or anything else that reads stored objects the same way. */
export const objectReaderSchema = z.custom<ObjectReader>(
  (value) => typeof value === 'object' && value !== null && 'read' in value && typeof value.read === 'function',
  { message: 'reader must be an ObjectReader' },
);
