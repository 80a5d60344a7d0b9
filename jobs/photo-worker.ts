import { UnrecoverableError, type Job } from 'bullmq';
import type { Api } from 'grammy';
import type { CoreDeps } from '../src/deps';
import { MAX_UPLOAD_BYTES } from '../src/services/photo-clean';
import { fetchPhoto, type PhotoDownload } from '../src/services/photos';
import type { PhotoJobData } from './queues';

/**
 * A photo's bytes through the bot's own Bot API client: `getFile`, then the file at `<apiRoot>/file/bot<token>/<path>`
 * fetched with the client's own `fetch` (so tests and the local chat answer it from the stand-in). The size is
 * checked before and while reading, so an oversized file is not read into memory. The URL holds the token: it is
 * never logged or kept (errors carry the status only).
 */
export function botApiDownload(api: Api): PhotoDownload {
  return async (fileId) => {
    const file = await api.getFile(fileId);
    if (!file.file_path) throw new UnrecoverableError('getFile gave no file_path');
    if (file.file_size !== undefined && file.file_size > MAX_UPLOAD_BYTES) return new Uint8Array(MAX_UPLOAD_BYTES + 1);
    const root = (api.options?.apiRoot ?? 'https://api.telegram.org').replace(/\/+$/, '');
    const doFetch = (api.options?.fetch ?? fetch) as typeof fetch;
    const res = await doFetch(`${root}/file/bot${api.token}/${file.file_path}`);
    if (!res.ok) throw Object.assign(new Error(`file download answered ${res.status}`), { code: `HTTP ${res.status}` });
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_UPLOAD_BYTES) return new Uint8Array(MAX_UPLOAD_BYTES + 1);
    return new Uint8Array(await res.arrayBuffer());
  };
}

/** The 'photo' worker: fetches one photo's bytes once (src/services/photos.ts `fetchPhoto`); a failure retries. */
export function createPhotoProcessor(deps: CoreDeps, api: Api) {
  const download = botApiDownload(api);
  return async (job: Job<PhotoJobData>) => {
    const outcome = await fetchPhoto(deps.db, job.data.photoId, download, deps.clock.now());
    if (outcome === 'refused')
      deps.logger.warn(
        { part: 'jobs.photo', photo_id: job.data.photoId },
        'photo refused: it does not decode as a JPEG, PNG or WebP, or is too big',
      );
    return outcome;
  };
}
