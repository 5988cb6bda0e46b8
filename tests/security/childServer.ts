/**
 * The reference API in a child process, for tests whose request could block or crash the
 * server: the test process stays free to time the request out and to check the server is alive.
 * Prints `listening <url>` once ready.
 */
import { startTestServer } from '../../server/testing';

const server = await startTestServer();
process.stdout.write(`listening ${server.url}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
