import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, statement, type Locale } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

export interface ExportRange {
  from: string;
  to: string;
  lang: Locale;
}

/**
 * ST-6: GET /api/statement/export?from&to&lang, a CSV file. Fetched with the bearer token like every call
 * and saved from a blob: a link with the token in its address would leave it in history and server logs.
 */
export async function exportStatement(range: ExportRange): Promise<void> {
  const query = new URLSearchParams({ from: range.from, to: range.to, lang: range.lang });
  const headers: Record<string, string> = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${statement.STATEMENT_EXPORT_PATH}?${query}`, { headers });
  } catch {
    throw new ApiError('NETWORK_ERROR', 0);
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(typeof message === 'string' ? message : 'INTERNAL_SERVER_ERROR', response.status);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${range.from}-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is done.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useExportStatement = () => useMutation({ mutationFn: exportStatement });
