import type { Lang } from '../../i18n';
import type { SpeechToText, VoiceNote } from '../speech-to-text';

/**
 * Speech to text through Bhashini's ULCA pipeline (the Government of India's language platform), in its two calls:
 *
 * 1. the config call — POST to the pipeline config URL with the `userID` and `ulcaApiKey` headers and the ASR task
 *    for the owner's language under the pipeline id; it answers with the ASR service's `serviceId`
 *    (`pipelineResponseConfig[0].config[0].serviceId`) and the inference endpoint
 *    (`pipelineInferenceAPIEndPoint.callbackUrl`) with the header to send there
 *    (`pipelineInferenceAPIEndPoint.inferenceApiKey`: its `name`, usually Authorization, and `value`);
 * 2. the compute call — POST to that endpoint with that header, the task with its `serviceId`, and the voice note
 *    as base64 in `inputData.audio[0].audioContent`; the words heard are `pipelineResponse[0].output[0].source`.
 *
 * The config answer is kept for an hour per language (it names a service and a key that change rarely). The keys
 * are never logged; the audio is sent and not kept.
 */

export const BHASHINI_CONFIG_URL = 'https://meity-auth.ulcacontrib.org/ulca/apis/v0/model/getModelsPipeline';
/** The MeitY pipeline offering ASR, translation and TTS (Bhashini's documented default). */
export const BHASHINI_PIPELINE_ID = '64392f96daac500b55c543cd';
const CONFIG_FOR_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 20_000;

export interface BhashiniOptions {
  userId: string;
  apiKey: string;
  pipelineId?: string;
  configUrl?: string;
  /** The voice note's bytes (Telegram's OGG/Opus) for its file id. */
  audio: (fileId: string) => Promise<Uint8Array>;
  /** Now, for keeping the config answer (the injected clock). */
  now: () => Date;
  fetch?: typeof fetch;
}

interface Endpoint {
  serviceId: string;
  url: string;
  header: { name: string; value: string };
  until: number;
}

async function postJson(
  f: typeof fetch,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await f(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Bhashini ${new URL(url).pathname} answered HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A value deep in the service's JSON, or undefined; its type is checked where it is used. */
const at = (v: unknown, ...path: Array<string | number>): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);

export function createBhashiniSpeechToText(o: BhashiniOptions): SpeechToText {
  const f = o.fetch ?? fetch;
  const endpoints = new Map<Lang, Endpoint>();

  async function endpointFor(lang: Lang): Promise<Endpoint> {
    const now = o.now().getTime();
    const had = endpoints.get(lang);
    if (had && had.until > now) return had;
    const answer = await postJson(
      f,
      o.configUrl ?? BHASHINI_CONFIG_URL,
      { userID: o.userId, ulcaApiKey: o.apiKey },
      {
        pipelineTasks: [{ taskType: 'asr', config: { language: { sourceLanguage: lang } } }],
        pipelineRequestConfig: { pipelineId: o.pipelineId ?? BHASHINI_PIPELINE_ID },
      },
    );
    const serviceId = at(answer, 'pipelineResponseConfig', 0, 'config', 0, 'serviceId');
    const url = at(answer, 'pipelineInferenceAPIEndPoint', 'callbackUrl');
    const name = at(answer, 'pipelineInferenceAPIEndPoint', 'inferenceApiKey', 'name');
    const value = at(answer, 'pipelineInferenceAPIEndPoint', 'inferenceApiKey', 'value');
    if (
      typeof serviceId !== 'string' ||
      typeof url !== 'string' ||
      typeof name !== 'string' ||
      typeof value !== 'string'
    )
      throw new Error('Bhashini config answer has no ASR service or inference endpoint');
    const e = { serviceId, url, header: { name, value }, until: now + CONFIG_FOR_MS };
    endpoints.set(lang, e);
    return e;
  }

  return {
    async transcribe(voice: VoiceNote, lang: Lang): Promise<string | null> {
      const e = await endpointFor(lang);
      const audio = Buffer.from(await o.audio(voice.fileId)).toString('base64');
      const answer = await postJson(
        f,
        e.url,
        { [e.header.name]: e.header.value },
        {
          pipelineTasks: [
            {
              taskType: 'asr',
              config: {
                language: { sourceLanguage: lang },
                serviceId: e.serviceId,
                audioFormat: 'ogg',
                samplingRate: 16000,
              },
            },
          ],
          inputData: { audio: [{ audioContent: audio }] },
        },
      );
      const text = at(answer, 'pipelineResponse', 0, 'output', 0, 'source');
      return typeof text === 'string' && text.trim() ? text.trim() : null;
    },
  };
}
