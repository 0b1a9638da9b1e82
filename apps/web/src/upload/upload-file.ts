/**
 * @module Sends one paper to POST /api/papers with XMLHttpRequest, because fetch cannot report
 * upload progress: `onProgress` gets the sent fraction, then the server ingests and indexes.
 */
import { ApiError } from '../shared/api';

export interface UploadedPapers {
  papers: { id: string; title: string }[];
}

export function uploadPaper(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadedPapers> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/papers');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('cannot reach the Quarry server', 0));
    request.onload = () => {
      const body = request.response as (UploadedPapers & { error?: { message?: string } }) | null;
      if (request.status >= 200 && request.status < 300 && body) resolve(body);
      else
        reject(
          new ApiError(
            body?.error?.message ?? `the server answered ${request.status}`,
            request.status,
          ),
        );
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
