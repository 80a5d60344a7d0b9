import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SpeechToText, VoiceNote } from '../speech-to-text';

/**
 * Speech to text run here, with sherpa-onnx (the `sherpa-onnx-node` package) on a model the deployer supplies —
 * none ships with the bot, and the package is not one of its dependencies: it is loaded only when this recogniser
 * is configured (SPEECH_TO_TEXT=offline with OFFLINE_ASR_MODEL_DIR), on the first voice note.
 *
 * The model directory holds the model's files and `recognizer.json`: sherpa-onnx's OfflineRecognizer config, with
 * file paths relative to the directory (see docs/OWNER-WORDS.md). Telegram's OGG/Opus voice note is turned into
 * 16 kHz mono samples by `ffmpeg`, which must be on the PATH.
 */

/** The part of sherpa-onnx-node used here. */
export interface SherpaOnnx {
  OfflineRecognizer: new (
    config: unknown,
  ) => {
    createStream(): { acceptWaveform(w: { sampleRate: number; samples: Float32Array }): void };
    decode(stream: unknown): void;
    getResult(stream: unknown): { text?: string };
  };
}

export interface OfflineOptions {
  modelDir: string;
  audio: (fileId: string) => Promise<Uint8Array>;
  /** Loads sherpa-onnx (default: the installed `sherpa-onnx-node`). */
  load?: () => Promise<SherpaOnnx>;
  /** Voice-note bytes → 16 kHz mono float samples (default: ffmpeg). */
  decode?: (bytes: Uint8Array) => Promise<Float32Array>;
}

const SAMPLE_RATE = 16_000;

/** The package, by a name the type checker does not follow: it is installed by the deployer, if at all. */
async function loadSherpa(): Promise<SherpaOnnx> {
  const name = 'sherpa-onnx-node';
  const m = (await import(name)) as SherpaOnnx & { default?: SherpaOnnx };
  return m.default ?? m;
}

/** OGG/Opus → 16 kHz mono 32-bit float samples, through ffmpeg. */
export function ffmpegDecode(bytes: Uint8Array): Promise<Float32Array> {
  return new Promise((resolve, reject) => {
    const p = spawn('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-f',
      'f32le',
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      'pipe:1',
    ]);
    const out: Buffer[] = [];
    p.stdout.on('data', (d: Buffer) => out.push(d));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}`));
      const b = Buffer.concat(out);
      resolve(new Float32Array(b.buffer, b.byteOffset, Math.floor(b.byteLength / 4)));
    });
    p.stdin.end(Buffer.from(bytes));
  });
}

/** Makes the config's file paths absolute under the model directory. */
function resolvePaths(config: unknown, dir: string): unknown {
  if (typeof config === 'string')
    return /\.(onnx|txt|bin|json|fst|far)$/.test(config) && !path.isAbsolute(config) ? path.join(dir, config) : config;
  if (Array.isArray(config)) return config.map((c) => resolvePaths(c, dir));
  if (config && typeof config === 'object')
    return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, resolvePaths(v, dir)]));
  return config;
}

export function createOfflineSpeechToText(o: OfflineOptions): SpeechToText {
  let recognizer: Promise<InstanceType<SherpaOnnx['OfflineRecognizer']>> | undefined;
  const recognizerOf = () => {
    recognizer ??= (async () => {
      const sherpa = await (o.load ?? loadSherpa)();
      const config = JSON.parse(await readFile(path.join(o.modelDir, 'recognizer.json'), 'utf8')) as unknown;
      return new sherpa.OfflineRecognizer(resolvePaths(config, o.modelDir));
    })();
    return recognizer;
  };
  return {
    async transcribe(voice: VoiceNote): Promise<string | null> {
      const r = await recognizerOf();
      const samples = await (o.decode ?? ffmpegDecode)(await o.audio(voice.fileId));
      const stream = r.createStream();
      stream.acceptWaveform({ sampleRate: SAMPLE_RATE, samples });
      r.decode(stream);
      const text = r.getResult(stream).text?.trim();
      return text ? text : null;
    },
  };
}
