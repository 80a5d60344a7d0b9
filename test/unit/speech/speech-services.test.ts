import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { createBhashiniSpeechToText } from '../../../src/services/speech/bhashini';
import { speechToTextFromConfig } from '../../../src/services/speech';
import { createOfflineSpeechToText, type SherpaOnnx } from '../../../src/services/speech/offline';

const VOICE = { fileId: 'AwACAgUAAxkBAAI', durationSeconds: 3, mimeType: 'audio/ogg' };
const OGG = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3, 4]);

/**
 * A fake of Bhashini's ULCA pipeline, answering as its documentation describes: the config call (userID and
 * ulcaApiKey headers, the ASR task and pipeline id) names the ASR service and the inference endpoint with its
 * Authorization value; the compute call (that header, the service id, base64 audio) answers with the text.
 */
describe('Bhashini ULCA speech to text, against a fake service', () => {
  let server: Server;
  let base: string;
  const calls: Array<{ path: string; headers: IncomingMessage['headers']; body: any }> = [];
  let heard = 'मुझे कितना पैसा देना है';
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw);
      calls.push({ path: req.url ?? '', headers: req.headers, body });
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/ulca/apis/v0/model/getModelsPipeline') {
        if (req.headers.userid !== 'user-1' || req.headers.ulcaapikey !== 'ulca-key') {
          res.statusCode = 401;
          return res.end('{"message":"invalid"}');
        }
        const lang = body.pipelineTasks[0].config.language.sourceLanguage;
        return res.end(
          JSON.stringify({
            languages: [{ sourceLanguage: lang, targetLanguageList: [] }],
            pipelineResponseConfig: [
              {
                taskType: 'asr',
                config: [
                  {
                    serviceId: `ai4bharat/conformer-${lang}-gpu--t4`,
                    modelId: 'm1',
                    language: { sourceLanguage: lang, sourceScriptCode: 'Deva' },
                  },
                ],
              },
            ],
            pipelineInferenceAPIEndPoint: {
              callbackUrl: `${base}/services/inference/pipeline`,
              inferenceApiKey: { name: 'Authorization', value: 'inference-secret' },
              isMultilingualEnabled: true,
              isSyncApi: true,
            },
          }),
        );
      }
      if (req.url === '/services/inference/pipeline') {
        if (req.headers.authorization !== 'inference-secret') {
          res.statusCode = 403;
          return res.end('{}');
        }
        return res.end(
          JSON.stringify({
            pipelineResponse: [{ taskType: 'asr', config: null, output: [{ source: heard }], audio: null }],
          }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  let clock = new Date('2026-11-29T10:00:00+05:30');
  const service = (apiKey = 'ulca-key') =>
    createBhashiniSpeechToText({
      userId: 'user-1',
      apiKey,
      pipelineId: 'pipeline-1',
      configUrl: `${base}/ulca/apis/v0/model/getModelsPipeline`,
      audio: async (fileId) => {
        expect(fileId).toBe(VOICE.fileId);
        return OGG;
      },
      now: () => clock,
    });

  it('makes the config call, then the compute call with the base64 audio, and returns the text heard', async () => {
    calls.length = 0;
    const stt = service();
    expect(await stt.transcribe(VOICE, 'hi')).toBe('मुझे कितना पैसा देना है');
    expect(calls.map((c) => c.path)).toEqual(['/ulca/apis/v0/model/getModelsPipeline', '/services/inference/pipeline']);
    expect(calls[0]!.body).toEqual({
      pipelineTasks: [{ taskType: 'asr', config: { language: { sourceLanguage: 'hi' } } }],
      pipelineRequestConfig: { pipelineId: 'pipeline-1' },
    });
    expect(calls[1]!.headers.authorization).toBe('inference-secret');
    expect(calls[1]!.body.pipelineTasks[0]).toMatchObject({
      taskType: 'asr',
      config: { language: { sourceLanguage: 'hi' }, serviceId: 'ai4bharat/conformer-hi-gpu--t4' },
    });
    expect(calls[1]!.body.inputData.audio[0].audioContent).toBe(Buffer.from(OGG).toString('base64'));
    // The keys go only where they belong: the ULCA key never to the inference endpoint.
    expect(calls[1]!.headers.ulcaapikey).toBeUndefined();
  });

  it('keeps the config answer for an hour per language, then asks again', async () => {
    calls.length = 0;
    const stt = service();
    heard = 'how much do I pay';
    await stt.transcribe(VOICE, 'en');
    await stt.transcribe(VOICE, 'en');
    expect(calls.filter((c) => c.path.startsWith('/ulca')).length).toBe(1);
    clock = new Date(clock.getTime() + 61 * 60_000);
    await stt.transcribe(VOICE, 'en');
    expect(calls.filter((c) => c.path.startsWith('/ulca')).length).toBe(2);
    expect(
      calls
        .filter((c) => c.path.startsWith('/ulca'))
        .map((c) => c.body.pipelineTasks[0].config.language.sourceLanguage),
    ).toEqual(['en', 'en']);
  });

  it('an empty answer is nothing heard; a refused key is an error (the bot then answers in writing)', async () => {
    heard = '   ';
    expect(await service().transcribe(VOICE, 'hi')).toBeNull();
    await expect(service('wrong').transcribe(VOICE, 'hi')).rejects.toThrow(/HTTP 401/);
  });
});

describe('the offline recogniser (sherpa-onnx) on a deployer’s model directory', () => {
  it('loads the package only on the first voice note, with the model directory’s recognizer.json', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'asr-'));
    writeFileSync(
      path.join(dir, 'recognizer.json'),
      JSON.stringify({ modelConfig: { tokens: 'tokens.txt', numThreads: 1 } }),
    );
    let loads = 0;
    let configSeen: unknown;
    const fake: SherpaOnnx = {
      OfflineRecognizer: class {
        constructor(config: unknown) {
          configSeen = config;
        }
        createStream() {
          return {
            acceptWaveform: (w: { sampleRate: number; samples: Float32Array }) => expect(w.sampleRate).toBe(16000),
          };
        }
        decode() {}
        getResult() {
          return { text: ' neelami kab hai ' };
        }
      } as unknown as SherpaOnnx['OfflineRecognizer'],
    };
    const stt = createOfflineSpeechToText({
      modelDir: dir,
      audio: async () => OGG,
      load: async () => {
        loads++;
        return fake;
      },
      decode: async () => new Float32Array(1600),
    });
    expect(loads).toBe(0);
    expect(await stt.transcribe(VOICE, 'hi')).toBe('neelami kab hai');
    expect(await stt.transcribe(VOICE, 'hi')).toBe('neelami kab hai');
    expect(loads).toBe(1);
    expect(configSeen).toEqual({ modelConfig: { tokens: path.join(dir, 'tokens.txt'), numThreads: 1 } });
  });
});

describe('turning voice notes on', () => {
  const env = { BOT_TOKEN: undefined };
  const audio = async () => OGG;
  it('is off by default, and each service needs its settings', () => {
    expect(speechToTextFromConfig(createConfig(env), audio, () => new Date())).toBeUndefined();
    expect(() => createConfig({ ...env, SPEECH_TO_TEXT: 'bhashini' })).toThrow(/BHASHINI_USER_ID/);
    expect(() => createConfig({ ...env, SPEECH_TO_TEXT: 'offline' })).toThrow(/OFFLINE_ASR_MODEL_DIR/);
    const on = createConfig({ ...env, SPEECH_TO_TEXT: 'bhashini', BHASHINI_USER_ID: 'u', BHASHINI_API_KEY: 'k' });
    expect(speechToTextFromConfig(on, audio, () => new Date())).toBeDefined();
    const offline = createConfig({ ...env, SPEECH_TO_TEXT: 'offline', OFFLINE_ASR_MODEL_DIR: '/models/hi' });
    expect(speechToTextFromConfig(offline, audio, () => new Date())).toBeDefined();
  });
});
