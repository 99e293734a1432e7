// A print station process for the crash test (cups-print.test.ts): opens the queue journal in
// argv[2], prints through CUPS until the queue is drained, then exits. The test kills it with
// SIGKILL half-way and starts it again.
import { cups } from '../cups.ts';
import { PrintQueue } from '../print-queue.ts';

const queue = PrintQueue.open(process.argv[2]!, cups, { pollMs: 100, backoffMs: 200 });
queue.start();
await queue.drained(120_000);
await queue.stop();
console.log('drained');
