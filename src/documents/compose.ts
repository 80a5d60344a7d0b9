import type { Db } from '../db';
import type { Lang, Translate, Translator } from '../i18n';
import type { StatutoryWindows } from '../law';
import type { Block, Layout } from './engine';

/** What a document builder reads: the database, the translator, the bot's username (deep links) and the time. */
export interface DocumentDeps {
  db: Db;
  translator: Translator;
  botUsername: string;
  /** PUBLIC_URL: when set, the notice's QR code opens the public case page (any phone browser) instead of the bot. */
  publicUrl?: string | undefined;
  now: Date;
  /** The configured statutory periods (the s. 20 window a s. 15 receipt names); the Act's when absent. */
  windows?: Partial<StatutoryWindows>;
}

/** Languages of a document, in reading order: both (Hindi first, English below) unless one is asked for. */
export type DocumentLangs = readonly Lang[];
export const BILINGUAL: DocumentLangs = ['hi', 'en'];

/** A document ready to typeset: its layout and a file name (ASCII, safe for Telegram and file systems). */
export interface DocumentSpec {
  layout: Layout;
  filename: string;
  /** The caption key (documents:caption.<kind>) and its parameters, for whoever sends it. */
  caption: { key: string; params: Record<string, string | number> };
}

/** A document of one case (the s. 14 notice and proclamation, the release slip, the owner's slip, the seizer's copy). */
export type CaseDocument = (deps: DocumentDeps, caseId: number, langs?: DocumentLangs) => Promise<DocumentSpec>;

/** A document that cannot be made yet (no account recorded, no receipt issued): the reason's i18n key. */
export class DocumentUnavailable extends Error {
  constructor(readonly reason: 'not_found' | 'no_account' | 'no_receipt' | 'bad_month') {
    super(`document unavailable: ${reason}`);
  }
}

/**
 * "s. 12A" in the reader's language ("धारा 12क"): the number and a lettered suffix, Latin letters A–D
 * becoming क–घ as the Hindi glossary asks (locales/README.md).
 */
export function sectionText(t: Translate, section: string, lang: Lang): string {
  const m = /^s\.\s*(\d+)([A-Z]?)(.*)$/.exec(section.trim());
  if (!m) return section;
  const letter = m[2] ? (lang === 'hi' ? ('कखगघ'['ABCD'.indexOf(m[2])] ?? m[2]) : m[2]) : '';
  return t('documents:section', { n: `${m[1]}${letter}` }) + m[3];
}

/** One language's part of a document, its heading and its blocks, built from that language's translator. */
export type PartBody = (t: Translate, lang: Lang) => { head: Block[]; blocks: Block[] };

/** Builds one part per language with the same function, so both languages carry the same facts in the same order. */
export function parts(translator: Translator, langs: DocumentLangs, build: PartBody): Layout['parts'] {
  return langs.map((lang) => ({ lang, ...build(translator.forLang(lang), lang) }));
}

/** A rupee amount through the one formatter (locales: {{amount, rupees}}). */
export function money(t: Translate, paise: number): string {
  return t('documents:money', { amount: paise });
}

/** A file-name-safe form of a case or receipt number. */
export function fileSafe(s: string): string {
  return s.replace(/[^\w.-]+/g, '_');
}
