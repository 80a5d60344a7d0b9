// The staff desk's page script (served as /desk/app.js; no build step, no third-party code but uPlot for the chart).
// Telegram opens the Mini App with its launch parameters in the URL fragment: tgWebAppData (the signed initData) and
// tgWebAppThemeParams (the chat's colours). Every view is an HTML fragment fetched with the initData in a header; the
// server checks it each time and keeps nothing. The initData stays in this tab's sessionStorage so a reload works.
(() => {
  const main = document.getElementById('desk');
  const body = document.body;
  const KEY = 'desk.initData';
  const launch = new URLSearchParams(location.hash.slice(1));
  const initData = launch.get('tgWebAppData') || sessionStorage.getItem(KEY) || '';
  if (launch.get('tgWebAppData')) sessionStorage.setItem(KEY, launch.get('tgWebAppData'));
  let lang = document.documentElement.lang || 'hi';

  /** Tells the Telegram client something (the Mini App's event bridge: app web view, desktop or Telegram Web). */
  const postEvent = (type, data) => {
    const eventData = data === undefined ? null : data;
    try {
      if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, JSON.stringify(eventData));
      else if (window.external && 'notify' in window.external)
        window.external.notify(JSON.stringify({ eventType: type, eventData }));
      else if (window.parent !== window)
        window.parent.postMessage(JSON.stringify({ eventType: type, eventData }), 'https://web.telegram.org');
    } catch {
      // Outside Telegram (a browser with the local chat's test initData): nothing to tell.
    }
  };
  const insideTelegram = () => Boolean(window.TelegramWebviewProxy) || window.parent !== window;

  // Telegram's theme colours as CSS variables (the same names Telegram's own script sets).
  try {
    const theme = JSON.parse(launch.get('tgWebAppThemeParams') || sessionStorage.getItem('desk.theme') || '{}');
    if (launch.get('tgWebAppThemeParams')) sessionStorage.setItem('desk.theme', launch.get('tgWebAppThemeParams'));
    for (const [k, v] of Object.entries(theme))
      if (typeof v === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(v))
        document.documentElement.style.setProperty(`--tg-theme-${k.replace(/_/g, '-')}`, v);
  } catch {
    // Bad theme parameters: the page's own colours.
  }

  const said = (key) => body.dataset[`${key}${lang === 'en' ? 'En' : 'Hi'}`] || '';
  /** The headers of every request: Telegram's initData (inside Telegram), and the mark of the desk's own page. */
  const auth = (more = {}) => ({ ...more, 'X-Telegram-Init-Data': initData, 'X-Desk-Request': '1' });
  /** In a browser (no initData): to the sign-in page, back to this entry afterwards. */
  const signIn = () => {
    const entry = new URLSearchParams(location.search).get('entry') || '';
    location.assign(`/desk/login${/^\d{1,9}$/.test(entry) ? `?entry=${entry}` : ''}`);
  };
  const say = (key) => {
    const p = document.createElement('p');
    p.className = 'empty';
    p.setAttribute('role', 'alert');
    p.textContent = said(key);
    main.replaceChildren(p);
  };
  /** Why an answer that is not a page failed, in the reader's words: never "could not be reached" for a refusal. */
  const reasonOf = (status) =>
    status === 401
      ? 'msgSignedOut'
      : status === 429
        ? 'msgBusy'
        : status >= 500
          ? 'msgServer'
          : status >= 400
            ? 'msgRefused'
            : 'msgFailed';

  let uplotLoading = null;
  const uplot = () => {
    if (window.uPlot) return Promise.resolve(window.uPlot);
    if (!uplotLoading)
      uplotLoading = new Promise((resolve, reject) => {
        const s = document.createElement('script');
        s.src = '/desk/uplot.js';
        s.onload = () => resolve(window.uPlot);
        s.onerror = reject;
        document.head.append(s);
      });
    return uplotLoading;
  };

  const drawChart = async () => {
    const el = main.querySelector('#chart[data-chart]');
    if (!el) return;
    const c = JSON.parse(el.dataset.chart);
    const UPlot = await uplot();
    const xs = c.months.map((m) => Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 15) / 1000);
    const style = getComputedStyle(document.documentElement);
    const ink = style.getPropertyValue('--ink').trim() || '#222';
    const accent = style.getPropertyValue('--accent').trim() || '#2481cc';
    el.replaceChildren();
    new UPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 200,
        legend: { show: true },
        scales: { x: { time: true } },
        axes: [
          { stroke: ink, values: (_u, vals) => vals.map((v) => new Date(v * 1000).toISOString().slice(0, 7)) },
          { stroke: ink, size: 60 },
        ],
        series: [
          { label: c.labels.month, value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 7)) },
          { label: c.labels.received, stroke: accent, width: 2, fill: `${accent}22` },
          { label: c.labels.remitted, stroke: '#c0392b', width: 2, dash: [6, 4] },
        ],
      },
      [xs, c.received, c.remitted],
      el,
    );
  };

  const show = async (res) => {
    if (res.status === 401) return initData ? say('msgUnauthorized') : signIn();
    const html = await res.text();
    // A refusal with its reason (404 not at your pounds, 422 the register refuses it) is a page too.
    if (!res.ok && !(res.headers.get('content-type') || '').startsWith('text/html')) return say(reasonOf(res.status));
    main.innerHTML = html;
    const top = main.querySelector('[data-lang]');
    if (top) {
      lang = top.dataset.lang;
      document.documentElement.lang = lang;
    }
    const h1 = main.querySelector('h1');
    if (h1) document.title = h1.textContent;
    window.scrollTo(0, 0);
    window.deskDraft?.watch(main);
    drawChart().catch(() => {});
  };

  const load = async (url, push = true, init = {}) => {
    main.setAttribute('aria-busy', 'true');
    try {
      const res = await fetch(url, {
        ...init,
        headers: auth(init.headers || {}),
        credentials: 'same-origin',
        cache: 'no-store',
      });
      await show(res);
      if (push && res.ok) history.pushState({ url }, '', location.pathname);
    } catch {
      say('msgFailed');
    } finally {
      main.removeAttribute('aria-busy');
    }
  };

  // A PDF of the entry: the server answers this request (initData checked) with a link that works for five minutes
  // for this user and this document only, which Telegram opens in the phone's browser (its web view shows no PDF).
  const openPdf = async (href) => {
    try {
      const res = await fetch(href, {
        headers: auth(),
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (res.status === 401) return initData ? say('msgUnauthorized') : signIn();
      if (!res.ok) return say(reasonOf(res.status));
      const url = new URL((await res.json()).url, location.href).href;
      if (insideTelegram()) postEvent('web_app_open_link', { url });
      else window.open(url, '_blank', 'noopener');
    } catch {
      say('msgFailed');
    }
  };

  document.addEventListener('click', (ev) => {
    const a = ev.target instanceof Element ? ev.target.closest('a') : null;
    if (!a) return;
    if (a.hasAttribute('data-pdf')) {
      ev.preventDefault();
      openPdf(a.getAttribute('href'));
    } else if (a.hasAttribute('data-desk')) {
      ev.preventDefault();
      load(a.getAttribute('href'));
    } else if (a.hasAttribute('data-tg-link') && insideTelegram()) {
      // Back to the chat: Telegram opens its own link instead of a browser.
      const u = new URL(a.href);
      if (u.hostname === 't.me') {
        ev.preventDefault();
        postEvent('web_app_open_tg_link', { path_full: u.pathname + u.search });
      }
    }
  });

  /** Says why beside the form's field (or at the top of the form) and keeps everything typed. */
  const sayInForm = (form, text, fieldId) => {
    const spot = fieldId ? form.querySelector(`#${fieldId}-problem`) : null;
    if (spot) {
      spot.textContent = text;
      spot.scrollIntoView({ block: 'center' });
      return;
    }
    let p = form.querySelector('p.form-problem');
    if (!p) {
      p = document.createElement('p');
      p.className = 'bad form-problem';
      p.setAttribute('role', 'alert');
      form.prepend(p);
    }
    p.textContent = text;
    p.scrollIntoView({ block: 'center' });
  };

  // A form's answer: a page (the next view, or the form again saying why) replaces the view; anything else (the
  // connection lost, a body too big for the server) leaves the form as it is, with what was typed, and says why.
  // A refusal the desk explains (a page: 404, 422) replaces the view; the signed-out, the too big, the too many and
  // the server's failure keep the form as it is and say why. The draft (draft.js) is saved before the send and
  // cleared once the desk has recorded it.
  const post = async (form, action, payload) => {
    main.setAttribute('aria-busy', 'true');
    window.deskDraft?.save(form);
    try {
      const res = await fetch(action, {
        method: 'POST',
        headers: auth({ 'content-type': 'application/json' }),
        body: payload,
        credentials: 'same-origin',
        cache: 'no-store',
      });
      const html = (res.headers.get('content-type') || '').startsWith('text/html');
      if (res.ok) window.deskDraft?.clear(form);
      if (res.status !== 401 && (res.ok || html)) return await show(res);
      sayInForm(form, res.status === 413 ? form.dataset.tooBig || '' : said(reasonOf(res.status)));
    } catch {
      sayInForm(form, said('msgFailed'));
    } finally {
      main.removeAttribute('aria-busy');
    }
  };
  const failedText = () => said('msgFailed');

  /** Longest side of a photo sent from the desk (the server keeps at most 1600 px; a little more keeps it sharp). */
  const PHOTO_SIDE = 1600;
  /** Largest photo file sent as it is, when the browser cannot shrink it (the server's limit is 16 MB). */
  const RAW_PHOTO_MAX = 16 * 1024 * 1024;

  const base64Of = (bytes) => {
    let s = '';
    for (let k = 0; k < bytes.length; k += 0x8000) s += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
    return btoa(s);
  };

  // A photo shrunk here before it is sent: upright by its EXIF orientation, at most PHOTO_SIDE px, a JPEG — a
  // 12 MP phone photo of 4 MB goes as about 300 kB over a village connection. A picture this browser cannot draw
  // goes as it is; the server decodes it or says why not.
  const shrunkPhoto = async (file) => {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const g = canvas.getContext('2d');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (blob) return new Uint8Array(await blob.arrayBuffer());
    } catch {
      // Not drawable here (not an image, or a kind this browser does not read): sent as it is.
    }
    if (file.size > RAW_PHOTO_MAX) return null;
    return new Uint8Array(await file.arrayBuffer());
  };

  document.addEventListener('submit', (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-desk')) return;
    ev.preventDefault();
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    const send = () => {
      const fields = new URLSearchParams(new FormData(form));
      const action = form.getAttribute('action');
      if (form.dataset.method === 'post') post(form, action, JSON.stringify(Object.fromEntries(fields)));
      else load(`${action}?${fields.toString()}`);
    };
    for (const p of form.querySelectorAll('.field-problem, p.form-problem')) p.textContent = '';
    // A chosen file is read into the field it names (the paper register's CSV as text, a photo as base64), then the
    // form is sent.
    const files = [...form.querySelectorAll('input[type="file"][data-into]')].filter((i) => i.files?.[0]);
    if (!files.length) return send();
    Promise.all(
      files.map(async (i) => {
        const target = form.elements.namedItem(i.dataset.into);
        if (!target) return true;
        if (i.dataset.read !== 'photo') {
          target.value = await i.files[0].text();
          return true;
        }
        const bytes = await shrunkPhoto(i.files[0]);
        if (!bytes) {
          target.value = '';
          sayInForm(form, form.dataset.tooBig || '', i.dataset.into);
          return false;
        }
        target.value = base64Of(bytes);
        return true;
      }),
    ).then(
      (ok) => {
        if (ok.every(Boolean)) send();
      },
      () => sayInForm(form, form.dataset.unreadable || failedText()),
    );
  });

  window.addEventListener('popstate', (ev) => {
    if (ev.state?.url) load(ev.state.url, false);
  });

  // Signed in from a browser (no initData; the session cookie): a button to sign out, for a shared computer.
  const signOutButton = () => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sign-out';
    b.textContent = said('loginSignOut');
    b.addEventListener('click', async () => {
      await fetch('/desk/logout', { method: 'POST', headers: auth(), credentials: 'same-origin' }).catch(() => {});
      signIn();
    });
    document.body.append(b);
  };

  postEvent('web_app_ready');
  postEvent('web_app_expand');
  // A web_app button may open a view (?view=register) or an entry (?entry=17).
  const asked = new URLSearchParams(location.search);
  const view = asked.get('view') || '';
  const entry = asked.get('entry') || '';
  const first = /^\d{1,9}$/.test(entry)
    ? `/desk/v/entry?id=${entry}`
    : `/desk/v/${/^(today|register|seize|money|district|staff)$/.test(view) ? view : 'today'}`;
  if (!initData) signOutButton();
  load(first, false).then(() => history.replaceState({ url: first }, '', location.pathname));
})();
