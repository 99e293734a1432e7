import { enUS as gridEn, zhCN as gridZh } from '@mui/x-data-grid/locales';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TASK_LIST_PAGE_SIZE } from '../../shared/domain/ui-constants.ts';

/** Spec section 9: every list pages by 20 with sizes 5/10/20/30/40; the task list by 5. */
export const tableDefaults = {
  pageSize: DEFAULT_PAGE_SIZE,
  pageSizeOptions: [...PAGE_SIZES] as number[],
} as const;

export const taskListTableDefaults = {
  pageSize: TASK_LIST_PAGE_SIZE,
  pageSizeOptions: [...PAGE_SIZES] as number[],
} as const;

/** DataGrid's 0-based page to the gateway's 1-based Page/Rows. */
export function toPageQuery(model: { page: number; pageSize: number }): { Page: number; Rows: number } {
  return { Page: model.page + 1, Rows: model.pageSize };
}

/** DataGrid's own texts (pager, filters ...) in the UI language. */
export function gridLocaleText(lang: string) {
  return (lang === 'en-US' ? gridEn : gridZh).components.MuiDataGrid.defaultProps.localeText;
}
