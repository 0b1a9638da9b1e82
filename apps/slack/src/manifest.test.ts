import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const folder = join(import.meta.dirname, '..');

it('both manifests declare the command, the bot events, interactivity and the scopes the app uses', async () => {
  for (const name of ['manifest.json', 'manifest.socket-mode.json']) {
    const manifest = JSON.parse(await readFile(join(folder, name), 'utf8')) as {
      features: { slash_commands: { command: string }[] };
      oauth_config: { scopes: { bot: string[] } };
      settings: {
        event_subscriptions: { bot_events: string[]; request_url?: string };
        interactivity: { is_enabled: boolean; request_url?: string };
        socket_mode_enabled: boolean;
      };
    };
    expect(manifest.features.slash_commands.map((command) => command.command)).toEqual(['/quarry']);
    expect(manifest.settings.event_subscriptions.bot_events.sort()).toEqual([
      'app_mention',
      'message.im',
    ]);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    for (const scope of ['app_mentions:read', 'chat:write', 'commands', 'im:history'])
      expect(manifest.oauth_config.scopes.bot).toContain(scope);
    const socket = name.includes('socket');
    expect(manifest.settings.socket_mode_enabled).toBe(socket);
    // Over HTTP every request goes to the one endpoint on Quarry's port.
    if (!socket)
      expect(manifest.settings.event_subscriptions.request_url).toMatch(/\/slack\/events$/);
  }
});
