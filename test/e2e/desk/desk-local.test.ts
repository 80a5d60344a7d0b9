import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/own-services';
import { startScriptedChat, type ScriptedChat } from '../local/scripted-chat';

// `npm start` without BOT_TOKEN: the local chat's /desk starts the staff desk on this computer and prints its link
// with initData signed for the staff person one is, so a newcomer opens the desk in a browser.

describe('the staff desk from the local chat', { timeout: 120_000 }, () => {
  let chat: ScriptedChat;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    chat = await startScriptedChat({ PORT: String(port) });
  }, 180_000);
  afterAll(async () => {
    await chat?.close();
  });

  it('prints a signed link for the keeper that opens his register, and nothing for the owner', async () => {
    expect(await chat.say('/desk')).toContain('The staff desk is for pound staff.');
    await chat.say('/as keeper');
    const out = await chat.say('/desk');
    const url = /http:\/\/127\.0\.0\.1:\d+\/desk#\S+/.exec(out)?.[0];
    expect(url, out).toBeDefined();
    expect(url!.startsWith(`http://127.0.0.1:${port}/desk#`)).toBe(true);
    const initData = new URLSearchParams(url!.split('#')[1]).get('tgWebAppData')!;
    const page = await fetch(url!.split('#')[0]!);
    expect(page.status).toBe(200);
    const register = await fetch(`http://127.0.0.1:${port}/desk/v/register?lang=en`, {
      headers: { 'x-telegram-init-data': initData },
    });
    expect(register.status).toBe(200);
    expect(await register.text()).toContain('Register (s. 7) — Amer Pound');
    // The same link signed for another token, or altered, is refused.
    const altered = initData.replace('910000002', '910000003');
    const refused = await fetch(`http://127.0.0.1:${port}/desk/v/register`, {
      headers: { 'x-telegram-init-data': altered },
    });
    expect(refused.status).toBe(401);
  });
});
