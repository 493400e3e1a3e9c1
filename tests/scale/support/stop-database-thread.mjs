// Preloaded into a production server (node --import) by the scale tests: SIGUSR2 ends the embedded
// database's thread at once, as a crash inside PostgreSQL or running out of memory would, while the
// rest of the server runs on. What the site does about it is the test: fail what waited (503 for a
// lead, never 500), then open the database again by itself.
import { syncBuiltinESMExports } from 'node:module';
import threads from 'node:worker_threads';

const live = new Set();
const Original = threads.Worker;
threads.Worker = class extends Original {
  constructor(file, options) {
    super(file, options);
    if (/pglite-thread/.test(String(file))) {
      live.add(this);
      this.once('exit', () => live.delete(this));
    }
  }
};
syncBuiltinESMExports();

process.on('SIGUSR2', () => {
  for (const worker of live) void worker.terminate();
  console.log(`stop-database-thread: ${live.size} thread(s) ended`);
});
