import { MESSAGES, USERS_PATHS, type CsvRowError, type UsersData } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountPath, ApiError } from '../../../lib/api-client';
import { clearApiToken, getApiToken } from '../../../lib/token-storage';
import { usersKey } from './get-users';
import { API_TIMEOUT_MS } from '../../../lib/api-client';

/** A refused upload, with the file's bad rows. */
export class CsvUploadError extends ApiError {
  readonly rows: CsvRowError[];
  constructor(status: number, code: string, message: string, rows: CsvRowError[]) {
    super(status, code, message);
    this.rows = rows;
  }
}

/** POST /users/ with the file as multipart/form-data (the JSON client cannot send files). */
export async function uploadUsersCsv(file: File): Promise<UsersData> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getApiToken();
  let response: Response;
  try {
    response = await fetch(accountPath(USERS_PATHS.users), {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'FETCH_ERROR', MESSAGES.genericError);
  }
  if (response.status === 401) {
    clearApiToken();
    window.location.reload();
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // Loaded on a refusal only: the schemas' module is no part of the page's first load.
    const { csvImportErrorSchema } = await import('@enq/contract/users-schemas');
    const parsed = csvImportErrorSchema.partial({ errors: true }).safeParse(body);
    if (parsed.success)
      throw new CsvUploadError(
        response.status,
        parsed.data.code,
        parsed.data.message,
        parsed.data.errors ?? [],
      );
    throw new ApiError(response.status, 'HTTP_ERROR', MESSAGES.genericError);
  }
  return body as UsersData;
}

export function useUploadUsersCsv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadUsersCsv,
    onSuccess: (data) => client.setQueryData(usersKey, data),
  });
}
