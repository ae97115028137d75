/**
 * The Web Worker that compares strategies for strategiesRunner: one strategy per message, the
 * stream (generated here, or the page's jobs as sent) kept between messages of the same run.
 */
import { answerJob, type WorkerJob, type WorkerReply } from './strategiesJob.ts';
import type { Arrival } from '../../model/strategies/arrivalStreams.ts';

const streams = new Map<string, readonly Arrival[]>();

self.onmessage = (event: MessageEvent<WorkerJob>) => {
  answerJob(event.data, (reply: WorkerReply, transfer: Transferable[] = []) => self.postMessage(reply, { transfer }), streams);
};
