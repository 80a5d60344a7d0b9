// The part of NLP.js (https://github.com/axa-group/nlp.js, v4) this project uses; the packages ship no types.
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): unknown;
    get(name: 'nlp'): import('@nlpjs/nlp').NlpInstance;
    registerConfiguration(tag: string, configuration: Record<string, unknown>, overwrite?: boolean): void;
  }
  export function containerBootstrap(): Promise<Container>;
}

declare module '@nlpjs/nlp' {
  export interface Classification {
    intent: string;
    score: number;
  }
  export interface ClassifyResult {
    locale: string;
    intent: string;
    score: number;
    classifications: Classification[];
  }
  export interface NlpInstance {
    settings: Record<string, unknown>;
    addLanguage(locales: string | string[]): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<unknown>;
    classify(locale: string, utterance: string, settings?: Record<string, unknown>): Promise<ClassifyResult>;
    export(minified?: boolean): string;
    import(data: string): void;
  }
  export const Nlp: unknown;
}

declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
}

declare module '@nlpjs/lang-hi' {
  export const LangHi: unknown;
}
