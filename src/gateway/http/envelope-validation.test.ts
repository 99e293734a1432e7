import { describe, expect, it } from 'vitest';
import { translationCalls } from '../../shared/api/translation.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { homeCalls } from '../../shared/api/home.ts';
import { jobCalls } from '../../shared/api/jobs.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { SIGNED_OUT_TOKEN } from '../testing/test-app.ts';
import { pickLanguage } from './i18n.ts';

const t = useTestGateway();

describe('envelope and validation', () => {
  it('wraps success in { code: 0, success: true, message, data }', async () => {
    const res = await t.call(sessionCalls.getUser, {}, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, success: true, message: '', data: { Account: 'admin', SchoolCode: 'BJSY01' } });
  });

  it('answers bad input with 400 and localized issues (zh-CN default)', async () => {
    const res = await t.call(translationCalls.addTranslation, { Key: 'x', ZhCN: 5 }, 'admin');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 400, success: false });
    // The message names each field and what is wrong with it.
    expect(body.message).toBe('请输入翻译键；中文文本应为文本；英文文本应为文本');
    const paths = body.data.Issues.map((i: { Path: string }) => i.Path);
    expect(paths).toEqual(expect.arrayContaining(['Key', 'ZhCN', 'EnUS']));
    const key = body.data.Issues.find((i: { Path: string }) => i.Path === 'Key');
    expect(key.Message).toBe('请输入翻译键');
    expect(body.data.Issues.find((i: { Path: string }) => i.Path === 'ZhCN').Message).toBe('中文文本应为文本');
  });

  it('answers in English for Accept-Language en-US', async () => {
    const res = await t.call(translationCalls.addTranslation, { Key: 'no colon here', ZhCN: '', EnUS: 3 }, { as: 'admin', lang: 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('A translation key looks like namespace:key.name; English text: must be text');
    expect(body.data.Issues).toEqual([
      { Path: 'Key', Message: 'A translation key looks like namespace:key.name' },
      { Path: 'EnUS', Message: 'English text: must be text' },
    ]);
  });

  it('uses our own message alone when every issue is ours', async () => {
    expect(await t.fail(translationCalls.addTranslation, { Key: 'ab', ZhCN: '', EnUS: '' }, 'admin', 'en-US')).toMatchObject({ code: 400, message: 'Please enter the translation key' });
  });

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST', url: translationCalls.addTranslation.path, payload: '{"Key":', headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.tokenFor('admin')}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, message: '请求无效' });
  });

  it('treats an empty POST body as {}', async () => {
    const res = await t.app.inject({ method: 'POST', url: homeCalls.getShortcuts.path, headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.tokenFor('admin')}` } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses missing and unknown tokens with 401, signed-out sessions with 99997', async () => {
    expect(await t.fail(sessionCalls.getUser, {}, null)).toMatchObject({ status: 401, code: 401, success: false, message: '请重新登录' });
    expect(await t.fail(sessionCalls.getUser, {}, { token: 'nope', lang: 'en-US' })).toMatchObject({ status: 401, code: 401, message: 'Authorization expired' });
    expect(await t.fail(sessionCalls.getUser, {}, { token: SIGNED_OUT_TOKEN })).toMatchObject({ status: 401, code: 99997 });
  });

  it('refuses a client token on a user call with 403', async () => {
    expect((await t.fail(sessionCalls.getUser, {}, { token: t.clientToken(1) })).status).toBe(403);
  });

  it('answers unknown /micro paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/micro/library/web1.0/Nope/Nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });

  it('rejects an unknown download ticket with 401', async () => {
    expect(await t.fail(jobCalls.downloadFile, { Ticket: 'A'.repeat(43) }, { lang: 'en-US' })).toMatchObject({ status: 401, code: 401, message: 'The download link is invalid' });
  });

  it('picks the language from Accept-Language', () => {
    expect(pickLanguage(undefined)).toBe('zh-CN');
    expect(pickLanguage('en-US')).toBe('en-US');
    expect(pickLanguage('fr-FR, en;q=0.5, zh;q=0.8')).toBe('zh-CN');
    expect(pickLanguage('de')).toBe('zh-CN');
  });
});
