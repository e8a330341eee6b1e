import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { readTableParams, writeTableParams, type TableParams } from './table-params';

export const SEARCH_DEBOUNCE_MS = 400;

export type TableState = TableParams & {
  /** What the search box shows: typed, searched once typing pauses. */
  search: string;
  setSearch: (value: string) => void;
  /** Another page of the same search; the window scrolls back to the top. */
  setPage: (page: number) => void;
  /** The list answered another page than the one asked (past the end): the address follows. */
  settlePage: (page: number) => void;
};

/**
 * Page and search term of a list. In the URL by default (seed 000 §2 lists, issue 7): a reload
 * keeps them, a new page is a history entry that Back returns from, and a new term replaces
 * the entry (typing does not fill the history). `inUrl: false` keeps them in the component, for
 * a list inside a dialog.
 */
export function useTableState(inUrl = true): TableState {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<TableParams>({ page: 1, term: '' });
  const current = inUrl ? readTableParams(params) : local;

  // The box's text, the term it was last in step with, and the term this list asked to write.
  const [box, setBox] = useState({ text: current.term, basis: current.term, written: null as string | null });
  if (box.basis !== current.term) {
    // The term changed: by our own write (keep what is typed meanwhile), or by Back, Forward or
    // a link (show it). Adjusted while rendering, as React advises for state derived from props.
    const ours = box.written === current.term;
    setBox({ text: ours ? box.text : current.term, basis: current.term, written: null });
  }

  const write = (next: TableParams, replace: boolean) => {
    if (inUrl) void setParams((previous) => writeTableParams(previous, next), { replace });
    else setLocal(next);
  };

  // A new term, once typing pauses, starts again at page 1.
  const writeTerm = useDebouncedCallback((term: string) => {
    if (term === current.term) return;
    setBox((state) => ({ ...state, written: term }));
    write({ page: 1, term }, true);
  }, SEARCH_DEBOUNCE_MS);

  const setSearch = (text: string) => {
    setBox((state) => ({ ...state, text }));
    writeTerm(text.trim());
  };
  const setPage = (page: number) => {
    write({ page, term: current.term }, false);
    window.scrollTo({ top: 0 });
  };
  const settlePage = (page: number) => {
    if (page !== current.page) write({ page, term: current.term }, true);
  };

  return { page: current.page, term: current.term, search: box.text, setSearch, setPage, settlePage };
}
