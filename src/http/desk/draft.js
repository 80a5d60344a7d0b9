// The staff desk's form drafts (served as /desk/draft.js, before app.js; no build step). A form marked
// data-draft="<name>" is kept in this browser's localStorage as it is typed, under the name and the reader's Telegram
// id (the fragment's header carries it: one draft per person on a shared office computer), and brought back when the
// same form is shown empty again — after a reload, a lost connection or a refused send. The form's key (the hidden
// "key", which makes a retried send record one entry) comes back with it: a send whose answer was lost, sent again,
// records nothing twice. The photos are not kept (chosen again). A send the desk accepts clears the draft.
(() => {
  const PREFIX = 'desk.draft.';
  /** Fields never kept: the photos (base64, megabytes) and the language switch. */
  const skipped = (name) => name.startsWith('photo') || name === 'lang';

  const storageKey = (form) => {
    const user = document.querySelector('#desk header[data-user]')?.dataset.user || '';
    return form.dataset.draft && /^\d{1,20}$/.test(user) ? `${PREFIX}${form.dataset.draft}.${user}` : null;
  };
  const read = (key) => {
    try {
      const v = JSON.parse(localStorage.getItem(key) || 'null');
      return v && typeof v === 'object' && v.fields && typeof v.fields === 'object' ? v : null;
    } catch {
      return null;
    }
  };

  const save = (form) => {
    const key = storageKey(form);
    if (!key) return;
    const fields = {};
    let typed = false;
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string' || skipped(name)) continue;
      fields[name] = value;
      if (value && name !== 'key' && name !== 'pound') typed = true;
    }
    try {
      if (typed) localStorage.setItem(key, JSON.stringify({ at: Date.now(), fields }));
      else localStorage.removeItem(key);
    } catch {
      // Storage full or refused (a private window): the form works without a draft.
    }
  };

  const clear = (form) => {
    const key = storageKey(form);
    if (key) localStorage.removeItem(key);
  };

  /** Puts the draft back into an empty form, with a note and a button that clears it. */
  const restore = (form) => {
    const key = storageKey(form);
    const draft = key ? read(key) : null;
    if (!draft) return false;
    const typedAlready = [...form.elements].some(
      (el) => el.name && !skipped(el.name) && el.type !== 'hidden' && el.tagName !== 'SELECT' && el.value,
    );
    if (typedAlready) return false;
    const freshKey = form.elements.namedItem('key')?.value;
    for (const [name, value] of Object.entries(draft.fields)) {
      const el = form.elements.namedItem(name);
      if (el && 'value' in el && typeof value === 'string' && !skipped(name)) el.value = value;
    }
    for (const d of form.querySelectorAll('details'))
      if ([...d.querySelectorAll('input')].some((i) => i.value)) d.open = true;
    const note = document.createElement('p');
    note.className = 'draft-note';
    note.setAttribute('role', 'status');
    note.textContent = `${form.dataset.draftRestored || ''} `;
    const discard = document.createElement('button');
    discard.type = 'button';
    discard.textContent = form.dataset.draftDiscard || '×';
    discard.addEventListener('click', () => {
      clear(form);
      form.reset();
      // A new form gets the key it was shown with, not the draft's: it is another seizure.
      const k = form.elements.namedItem('key');
      if (k && freshKey) k.value = freshKey;
      note.remove();
    });
    note.append(discard);
    form.prepend(note);
    return true;
  };

  const watch = (root) => {
    for (const form of root.querySelectorAll('form[data-draft]')) {
      restore(form);
      form.addEventListener('input', () => save(form));
      form.addEventListener('change', () => save(form));
    }
  };

  window.deskDraft = { save, clear, watch };
})();
