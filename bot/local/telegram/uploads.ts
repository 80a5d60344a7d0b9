import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiError } from './limits';
import type { ApiAnswer } from './types';
import type { LocalMessage, UploadedFile } from './wire';

/**
 * The files of the stand-in's chats: those users send (a photo from disk in the local chat, bytes made in memory in
 * tests), answered by getFile and served by the file download as Telegram serves them; and those the bot sends,
 * saved under `filesDir` (when given) so the local chat and tests can open them.
 */
export class StandInFiles {
  /** Files users sent from disk: file_id → path. */
  private readonly fromDisk = new Map<string, string>();
  /** Files users sent as bytes: file_id → bytes. */
  private readonly fromBytes = new Map<string, Buffer>();

  constructor(private readonly filesDir: string | undefined) {}

  /** Registers a file a user sends (a photo from disk) and returns its Telegram-style file id. */
  registerUpload(file: string): { fileId: string; fileUniqueId: string } {
    const n = this.fromDisk.size + 1;
    const fileId = `local-upload-${n}-${path.basename(file).replace(/[^\w.-]/g, '_')}`;
    this.fromDisk.set(fileId, file);
    return { fileId, fileUniqueId: `lu${n}` };
  }

  /** Registers a photo a user sends as bytes (tests: a JPEG or PNG made in memory); returns its file ids. */
  registerUploadBytes(data: Uint8Array, name = 'photo.jpg'): { fileId: string; fileUniqueId: string; size: number } {
    const n = this.fromDisk.size + this.fromBytes.size + 1;
    const fileId = `upload-${n}-${name.replace(/[^\w.-]/g, '_')}`;
    this.fromBytes.set(fileId, Buffer.from(data));
    return { fileId, fileUniqueId: `ub${n}`, size: data.length };
  }

  /** getFile: the file's path for the download (bytes under `uploads/`), or 400 for an id no user sent. */
  getFile(fileId: string): ApiAnswer {
    const unique = `u-${fileId}`;
    const bytes = this.fromBytes.get(fileId);
    if (bytes)
      return ok({ file_id: fileId, file_unique_id: unique, file_size: bytes.length, file_path: `uploads/${fileId}` });
    const file = this.fromDisk.get(fileId);
    if (!file) return apiError(400, 'Bad Request: invalid file_id');
    return ok({ file_id: fileId, file_unique_id: unique, file_path: file });
  }

  /**
   * A file download, `GET <root>/file/bot<token>/<file_path>` as getFile gave it: the bytes a user sent, or the file
   * on disk the local chat registered (only those), else 404 as Telegram answers an unknown path.
   */
  download(filePath: string): Response {
    const fromBytes = filePath.startsWith('uploads/')
      ? this.fromBytes.get(filePath.slice('uploads/'.length))
      : undefined;
    const registered = [...this.fromDisk.values()].includes(filePath) ? filePath : undefined;
    const data = fromBytes ?? (registered && existsSync(registered) ? readFileSync(registered) : undefined);
    if (!data) return new Response(JSON.stringify(apiError(404, 'Not Found')), { status: 404 });
    return new Response(new Uint8Array(data), {
      status: 200,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(data.length) },
    });
  }

  /**
   * The file of a message the bot sends (`field` of the request: an attached upload or a file id), saved as
   * `<chat>-<message id>-<name>` under `filesDir`; a file sent on by id shows the user's file or the id as it is.
   */
  save(
    p: Record<string, any>,
    files: Map<string, UploadedFile>,
    field: string,
    kind: 'photo' | 'document' | 'media',
    messageId: number,
  ): LocalMessage['file'] | ApiAnswer {
    const ref = String(p[field] ?? '');
    const attached = ref.startsWith('attach://') ? files.get(ref.slice('attach://'.length)) : undefined;
    if (ref.startsWith('attach://') && !attached) return apiError(400, 'Bad Request: file must be non-empty');
    if (!attached) {
      if (!ref) return apiError(400, `Bad Request: there is no ${field} in the request`);
      return { kind, path: this.fromDisk.get(ref) ?? ref };
    }
    const safeName = path.basename(attached.filename).replace(/[^\w.-]/g, '_') || `${field}.dat`;
    if (!this.filesDir) return { kind, path: safeName };
    mkdirSync(this.filesDir, { recursive: true });
    const file = path.join(this.filesDir, `${Number(p.chat_id)}-${messageId}-${safeName}`);
    writeFileSync(file, attached.data);
    return { kind, path: file };
  }
}

function ok(result: unknown): ApiAnswer {
  return { ok: true, result };
}
