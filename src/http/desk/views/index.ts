// The staff desk's HTML, one file per view; the routes import them from here.
export { deskHref, escapeHtml, frame, nextText, poundPicker, sectionText, type Frame } from './frame';
export * from './register';
export * from './entry';
export * from './today';
export * from './money';
export * from './district';
export * from './staff';
export * from './shell';
export * from './seize';
export * from './import';
export * from './refusal';
export * from './books';
export * from './entry-photos';
