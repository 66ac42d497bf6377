/**
 * Job states ingest reports beyond BullMQ's own. A module of its own so the republish CLI can
 * import it without loading BullMQ and the admin server.
 */

/**
 * A request waiting for a running render of the same page to finish (BullMQ deduplication
 * `keepLastIfActive`, producer.ts). It then becomes a job of its own with the same id and BullMQ's
 * states, so a client polling the id sees this state, then the job's.
 */
export const QUEUED_AFTER_ACTIVE = 'queued-after-active';
