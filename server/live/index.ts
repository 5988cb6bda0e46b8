/**
 * Live lists (issue 30, docs/live-lists.md): the gateway's `/live` namespace tells signed-in
 * clients when records they may browse change. Wired in app.ts (attachLive on the gateway's
 * server, announceWrites before the routes) and by one line in the chat gateway's `emit`
 * (announceChatEvent). Every change goes through LiveHub.publish (hub.ts).
 */
export { attachLive, liveHubOf } from './registry';
export { announceWrites } from './writes';
export { announceChatEvent } from './chatWrites';
