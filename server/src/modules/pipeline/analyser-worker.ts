import { parentPort } from 'node:worker_threads';
import { analyzeArchive } from '../../engines/archive/index.js';
import { pythonParser } from '../../engines/archive/python/parser.js';
import type { AnalysisReply, AnalysisRequest } from './analyser-pool.js';

/**
 * The analyser in a worker thread: its CPU-heavy pass (parsing every Python file) runs here,
 * so the server's event loop keeps answering HTTP while an archive is analysed.
 */
parentPort?.on('message', async (request: AnalysisRequest) => {
  let reply: AnalysisReply;
  try {
    reply = { ok: true, analysis: await analyzeArchive(request.zipPath, request.expected, request.limits) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});

// Load the Python grammar now, while the thread waits for its first archive: compiling it is
// the slowest part of a thread's first analysis.
void pythonParser();
