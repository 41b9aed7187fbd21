/**
 * The F1DB import's reading thread (started by prepareInWorker): parsing and checking the tree's thousands of YAML
 * files is seconds of synchronous work, which here holds this thread and never the server's event loop. It sends
 * each table's staging batches in a message of its own, then the rest.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareF1dbImport, type ReadWorkerData, type ReadWorkerMessage } from './prepare';
import { F1dbImportError } from './source';

const send = (message: ReadWorkerMessage) => parentPort!.postMessage(message);

try {
  const { batches, ...prepared } = prepareF1dbImport((workerData as ReadWorkerData).dir);
  for (const [table, tableBatches] of Object.entries(batches)) send({ type: 'table', table: table as keyof typeof batches, batches: tableBatches });
  send({ type: 'done', prepared });
} catch (error) {
  send(
    error instanceof F1dbImportError
      ? { type: 'failed', file: error.file, field: error.field, problem: error.problem }
      : { type: 'failed', problem: error instanceof Error ? error.message : String(error) },
  );
}
