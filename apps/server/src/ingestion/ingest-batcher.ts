/**
 * Group commit: items submitted while a batch is being written are written together by the next one, in one
 * transaction (`runBatch`), up to `maxBatch` at a time. At low load a batch is one item and costs one event-loop
 * turn of waiting; under a burst the transaction's fixed cost (BEGIN, COMMIT and its flush, a pool checkout) is
 * shared by many messages of many chats.
 *
 * Order: items run in the order they were submitted, in each batch. Callers keep a chat's order by submitting its
 * next message only once the previous one resolved (the sessions' per-chat queue), so one chat never has two
 * messages in flight and two batches never hold one ticket.
 *
 * Failure: when a batch fails, nothing of it was committed (one transaction) and none of its after-commit work ran;
 * each of its items is then run on its own (`runOne`, with its own retries), so one bad message does not take the
 * others with it.
 */
export interface IngestBatcher<T, R> {
  submit(item: T): Promise<R>;
}

export interface BatcherOptions<T, R> {
  maxBatch: number;
  /** Runs the whole batch in one transaction and answers one result per item, in order (it takes its own turn in
   * the caller's limiter, as runOne does). */
  runBatch: (items: T[]) => Promise<R[]>;
  /** One item on its own (after a batch failed). */
  runOne: (item: T) => Promise<R>;
  /** Batches written at once at most. */
  concurrency: number;
  /** A batch failed and its items go one by one. */
  onBatchFailed?: (err: unknown, size: number) => void;
}

interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

export function createIngestBatcher<T, R>(opts: BatcherOptions<T, R>): IngestBatcher<T, R> {
  const queue: Pending<T, R>[] = [];
  let running = 0;
  let scheduled = false;

  const pump = () => {
    scheduled = false;
    while (running < opts.concurrency && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      running++;
      void write(batch).finally(() => {
          running--;
          pump();
        });
    }
  };

  const write = async (batch: Pending<T, R>[]): Promise<void> => {
    if (batch.length === 1) {
      await opts.runOne(batch[0]!.item).then(batch[0]!.resolve, batch[0]!.reject);
      return;
    }
    let results: R[];
    try {
      results = await opts.runBatch(batch.map((p) => p.item));
    } catch (err) {
      opts.onBatchFailed?.(err, batch.length);
      for (const p of batch) await opts.runOne(p.item).then(p.resolve, p.reject);
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]!));
  };

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // One turn of the event loop lets the messages arriving together join the batch.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
