import { createContext, useContext } from 'react';

/**
 * Where the catalogue's links go. The portal and the reading-guide kiosk show the same results,
 * titles and news, but a kiosk must never leave its own screens: its layout provides its paths.
 */
export interface SearchPaths {
  results: string;
  detail: (id: number) => string;
  newsList: string;
  newsDetail: (id: number) => string;
  newBooks: string;
  advanced: string;
  /** The kiosk's frame has its own Back button; the portal's pages carry one. */
  backOnPage: boolean;
}

export const PORTAL_PATHS: SearchPaths = {
  results: '/search',
  detail: (id) => `/search/book/details?id=${id}`,
  newsList: '/search/newslist',
  newsDetail: (id) => `/search/newsdetail?id=${id}`,
  newBooks: '/search/recentnewbook',
  advanced: '/advancedsearch',
  backOnPage: true,
};

export const GUIDE_PATHS: SearchPaths = {
  results: '/guidescreen/search',
  detail: (id) => `/guidescreen/searchdetail?id=${id}`,
  newsList: '/guidescreen/schoolNews',
  newsDetail: (id) => `/guidescreen/newsDetail?id=${id}`,
  newBooks: '/guidescreen/newbook',
  advanced: '/guidescreen/advancedsearch',
  backOnPage: false,
};

const SearchPathsContext = createContext<SearchPaths>(PORTAL_PATHS);
export const SearchPathsProvider = SearchPathsContext.Provider;

export function useSearchPaths(): SearchPaths {
  return useContext(SearchPathsContext);
}
