import { describe, expect, test } from 'vitest';
import { activeTab } from '../../src/route';
import { ROUTES, isOtherVendorPath } from '../../src/routes';

const paths = ROUTES.map((r) => r.path);
const route = (path: string) => ROUTES.find((r) => r.path === path);

describe('the route table (SPEC §2)', () => {
  test.each([
    '/', '/login', '/register', '/logout', '/reset-password', '/reset-password/thanks', '/forgot-password',
    '/email-verification', '/email-verification-request', '/email-verification-confirmation', '/email-verification-expired',
    '/error', '/error/404', '/error/forbidden', '/error/access', '/vendors/contacts/instructions', '/dashboard',
    '/users/new', '/users/verify-email', '/users/settings', '/users/:userId/edit', '/accounts/:id/delete',
    '/instances/:InstanceId/:tab', '/instances/:InstanceId/edit/:tab', '/bots/:botId/duplicate', '/workflows/:workflowId/edit',
    '/agent-instructions/:agentId', '/reporting/conversations/:ConversationId/:tab', '/reporting/roles/breakdown',
    '/reporting/conversations-by-instance-grade', '/reporting/conversations-by-disposition', '/chat', '/settings',
  ])('has %s', (path) => {
    expect(paths).toContain(path);
  });

  test.each(['/feedback/:feedbackId/:tab', '/llms/:llmId/:tab', '/scorecards/:scorecardId/:tab', '/accounts/:id/:tab', '/workflows/:workflowId/edit/:tab'])(
    'has no tab route %s',
    (path) => {
      expect(paths).not.toContain(path);
    },
  );

  test('protected routes carry model + action: browse, add, read, edit', () => {
    expect(route('/bots')?.permission).toEqual({ model: 'Bots', action: 'browse' });
    expect(route('/bots/new')?.permission).toEqual({ model: 'Bots', action: 'add' });
    expect(route('/bots/:botId')?.permission).toEqual({ model: 'Bots', action: 'read' });
    expect(route('/bots/:botId/edit')?.permission).toEqual({ model: 'Bots', action: 'edit' });
    expect(route('/accounts/:id/delete')?.permission).toEqual({ model: 'Accounts', action: 'delete' });
    expect(route('/settings')?.permission).toBeUndefined();
    expect(route('/settings')?.access).toBe('protected');
  });

  test('every page that takes its actor as a prop gets it from its route: each of its rows has a loader (RouteDef.data) naming it', () => {
    const pagesWithActor = new Set(['/bots', '/bots/new', '/bots/:botId', '/bots/:botId/edit', '/accounts/:id/delete', '/bots/:botId/duplicate', '/reporting/conversations/:ConversationId', '/reporting', '/reporting/conversations', '/reporting/roles', '/reporting/roles/breakdown', '/reporting/instances', '/reporting/instances/breakdown', '/reporting/conversations-by-instance-grade', '/reporting/conversations-by-disposition', '/chat'].map((path) => route(path)!.view));
    expect(ROUTES.filter((r) => pagesWithActor.has(r.view) && !r.data).map((r) => r.path)).toEqual([]);
    // A new record's form has the section's actor and no first call; the conversation page its report.
    expect(route('/bots/new')?.data?.kind).toBe('form');
    expect(route('/reporting/conversations/:ConversationId/:tab')?.data?.kind).toBe('conversation');
    // Every reporting page takes its actor from its route (the statistics, or the conversation lists).
    expect(ROUTES.filter((r) => r.path.startsWith('/reporting') && !r.data).map((r) => r.path)).toEqual([]);
    expect(route('/reporting/conversations-by-disposition')?.data?.kind).toBe('conversations');
  });

  test('breadcrumbs: section name, then New or Edit', () => {
    expect(route('/agent-instructions')?.crumbs).toEqual(['Agent Instructions']);
    expect(route('/agent-instructions/new')?.crumbs).toEqual(['Agent Instructions', 'New']);
    expect(route('/agent-instructions/:agentId/edit/:tab')?.crumbs).toEqual(['Agent Instructions', 'Edit']);
  });

  test('specific paths come before the generic /{id} patterns that would swallow them', () => {
    expect(paths.indexOf('/users/new')).toBeLessThan(paths.indexOf('/users/:userId'));
    expect(paths.indexOf('/bots/:botId/duplicate')).toBeLessThan(paths.indexOf('/bots/:botId/:tab'));
    expect(paths.indexOf('/bots/:botId/edit')).toBeLessThan(paths.indexOf('/bots/:botId/:tab'));
    // SPEC §2's edit helper {base}{model}/edit/{id}.
    expect(paths.indexOf('/bots/edit/:botId')).toBeGreaterThan(-1);
    expect(paths.indexOf('/bots/edit/:botId')).toBeLessThan(paths.indexOf('/bots/:botId/:tab'));
    expect(route('/bots/edit/:botId')?.permission).toEqual({ model: 'Bots', action: 'edit' });
  });

  test('tabs from the last path segment; vendor redirects', () => {
    expect(activeTab('/bots/3/agents', ['details', 'agents'] as const, 'details')).toBe('agents');
    expect(activeTab('/bots/3', ['details', 'agents'] as const, 'details')).toBe('details');
    expect(isOtherVendorPath('/vendors')).toBe(true);
    expect(isOtherVendorPath('/vendors/x/y')).toBe(true);
    expect(isOtherVendorPath('/vendors/contacts/instructions')).toBe(false);
    expect(isOtherVendorPath('/vendorsx')).toBe(false);
  });
});
