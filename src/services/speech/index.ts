import type { Config } from '../../config';
import type { SpeechToText } from '../speech-to-text';
import { createBhashiniSpeechToText } from './bhashini';
import { createOfflineSpeechToText } from './offline';

/**
 * The speech-to-text service the configuration turns on, or none (SPEECH_TO_TEXT=off, the default): Bhashini's
 * ULCA pipeline (SPEECH_TO_TEXT=bhashini, BHASHINI_USER_ID, BHASHINI_API_KEY), or the offline recogniser on a
 * model directory (SPEECH_TO_TEXT=offline, OFFLINE_ASR_MODEL_DIR). `audio` fetches a voice note's bytes.
 */
export function speechToTextFromConfig(
  config: Pick<
    Config,
    | 'SPEECH_TO_TEXT'
    | 'BHASHINI_USER_ID'
    | 'BHASHINI_API_KEY'
    | 'BHASHINI_PIPELINE_ID'
    | 'BHASHINI_CONFIG_URL'
    | 'OFFLINE_ASR_MODEL_DIR'
  >,
  audio: (fileId: string) => Promise<Uint8Array>,
  now: () => Date,
): SpeechToText | undefined {
  if (config.SPEECH_TO_TEXT === 'bhashini' && config.BHASHINI_USER_ID && config.BHASHINI_API_KEY)
    return createBhashiniSpeechToText({
      userId: config.BHASHINI_USER_ID,
      apiKey: config.BHASHINI_API_KEY,
      pipelineId: config.BHASHINI_PIPELINE_ID,
      configUrl: config.BHASHINI_CONFIG_URL,
      audio,
      now,
    });
  if (config.SPEECH_TO_TEXT === 'offline' && config.OFFLINE_ASR_MODEL_DIR)
    return createOfflineSpeechToText({ modelDir: config.OFFLINE_ASR_MODEL_DIR, audio });
  return undefined;
}

/** A voice note's bytes through the Bot API: getFile, then the file URL (the token is in the URL; never logged). */
export function telegramAudio(
  getFile: (fileId: string) => Promise<{ file_path?: string }>,
  apiRoot: string,
  token: string,
): (fileId: string) => Promise<Uint8Array> {
  return async (fileId) => {
    const file = await getFile(fileId);
    if (!file.file_path) throw new Error('voice note has no file path');
    const res = await fetch(`${apiRoot}/file/bot${token}/${file.file_path}`, { signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`voice note download answered HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
}
