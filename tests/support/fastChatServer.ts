import { chatGatewayOf } from '../../server/chat/gateway';
import { contextOf } from '../../server/context';
import { startTestServer, type TestServer } from '../../server/testing';

/**
 * A reference API whose chat gateway answers at test speed: the first byte after
 * `firstByteDelayMs`, each delta 1 ms apart (the demo's human-like pacing would make every
 * socket test wait seconds for nothing).
 */
export async function startFastChatServer(firstByteDelayMs = 20): Promise<TestServer> {
  const server = await startTestServer();
  const gateway = chatGatewayOf(contextOf({ app: server.server.app }))!;
  gateway.options.firstByteDelayMs = firstByteDelayMs;
  gateway.options.deltaIntervalMs = 1;
  return server;
}
