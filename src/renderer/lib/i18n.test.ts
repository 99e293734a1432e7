import { describe, expect, it } from 'vitest';
import { applyServerTranslations, changeLanguage, i18next, initI18n } from './i18n.ts';
import { matchLanguage } from './language.ts';

describe('i18n', () => {
  it('merges server overrides ("ns:dotted.key") in both languages', async () => {
    initI18n('zh-CN');
    await changeLanguage('zh-CN');
    expect(applyServerTranslations([{ Key: 'home:exportReaders', ZhCN: '导出全部读者', EnUS: 'Export all readers' }, { Key: 'bad', ZhCN: 'x', EnUS: 'y' }])).toBe(1);
    expect(i18next.t('home:exportReaders')).toBe('导出全部读者');
    await changeLanguage('en-US');
    expect(i18next.t('home:exportReaders')).toBe('Export all readers');
    expect(localStorage.getItem('lib.language')).toBe('en-US');
    await changeLanguage('zh-CN');
  });

  it('maps browser languages', () => {
    expect(matchLanguage('zh-TW')).toBe('zh-CN');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('fr')).toBeNull();
  });
});
