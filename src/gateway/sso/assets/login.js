// SSO login page: slider captcha + account/password, posting to Home/Login (no inline script; strict CSP).
(function () {
  'use strict';
  const form = document.getElementById('login');
  if (!form) return;
  const uid = form.dataset.uid;
  const lang = form.dataset.lang;
  const base = form.dataset.base || '';
  const texts = JSON.parse(form.dataset.texts || '{}');
  const api = base + '/micro/library/web1.0/Home';
  const $ = (id) => document.getElementById(id);
  const bg = $('captcha-bg');
  const piece = $('captcha-piece');
  const track = $('track');
  const fill = $('fill');
  const handle = $('handle');
  const hint = $('hint');
  const message = $('message');
  const account = $('account');
  const password = $('password');

  let captcha = null;
  let offset = 0;
  let dragging = null;
  let busy = false;

  function say(text, info) {
    message.textContent = text || '';
    message.className = info ? 'message info' : 'message';
  }

  function maxOffset() {
    return track.clientWidth - handle.offsetWidth;
  }

  function place(x) {
    offset = Math.max(0, Math.min(maxOffset(), x));
    handle.style.left = offset + 'px';
    fill.style.width = offset + handle.offsetWidth / 2 + 'px';
    piece.style.left = offset + 'px';
    hint.style.visibility = offset > 0 ? 'hidden' : 'visible';
  }

  async function call(path, init) {
    const res = await fetch(api + path, Object.assign({ credentials: 'same-origin', headers: { 'Accept-Language': lang } }, init));
    let body = null;
    try { body = await res.json(); } catch { body = null; }
    return { status: res.status, body };
  }

  async function loadCaptcha() {
    captcha = null;
    track.className = 'track busy';
    place(0);
    try {
      const { body } = await call('/ImageCaptCha?InteractionID=' + encodeURIComponent(uid), { method: 'GET' });
      if (!body || (body.code !== 0 && body.success !== true)) {
        say(body && body.message ? body.message : texts['page.networkError']);
        return;
      }
      captcha = body.data;
      bg.src = captcha.Background;
      piece.src = captcha.Piece;
      piece.style.top = captcha.PieceY + 'px';
      track.className = 'track';
    } catch {
      say(texts['page.networkError']);
    }
  }

  async function submit() {
    if (!captcha || busy) return;
    if (!account.value.trim() || !password.value) {
      say(texts['page.fillFields']);
      place(0);
      (account.value.trim() ? password : account).focus();
      return;
    }
    busy = true;
    track.className = 'track busy';
    say(texts['page.signingIn'], true);
    // Slider pixels → image pixels (the stage may be scaled on small screens).
    const scale = bg.naturalWidth && bg.clientWidth ? bg.naturalWidth / bg.clientWidth : 1;
    const payload = {
      Account: account.value.trim(),
      Password: password.value,
      CaptchaID: captcha.CaptchaID,
      CaptchaX: Math.round(offset * scale),
      InteractionID: uid,
    };
    try {
      const { body } = await call('/Login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
        body: JSON.stringify(payload),
      });
      if (body && (body.code === 0 || body.success === true) && body.data && body.data.Redirect) {
        track.className = 'track ok';
        say(texts['page.success'], true);
        window.location.assign(body.data.Redirect);
        return;
      }
      track.className = 'track bad';
      say(body && body.message ? body.message : texts['page.networkError']);
    } catch {
      say(texts['page.networkError']);
    }
    busy = false;
    // Every challenge is one-time: fetch a new one after any failed attempt.
    setTimeout(loadCaptcha, 600);
  }

  handle.addEventListener('pointerdown', (e) => {
    if (!captcha || busy) return;
    dragging = { start: e.clientX - offset };
    handle.setPointerCapture(e.pointerId);
    say('');
  });
  handle.addEventListener('pointermove', (e) => {
    if (dragging) place(e.clientX - dragging.start);
  });
  const release = () => {
    if (!dragging) return;
    dragging = null;
    if (offset > 0) submit();
  };
  handle.addEventListener('pointerup', release);
  handle.addEventListener('pointercancel', () => { dragging = null; place(0); });
  handle.addEventListener('keydown', (e) => {
    if (!captcha || busy) return;
    if (e.key === 'ArrowRight') { place(offset + (e.shiftKey ? 10 : 1)); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { place(offset - (e.shiftKey ? 10 : 1)); e.preventDefault(); }
    else if (e.key === 'Enter') { e.preventDefault(); submit(); }
  });
  form.addEventListener('submit', (e) => { e.preventDefault(); handle.focus(); });
  $('refresh').addEventListener('click', () => { say(''); loadCaptcha(); });

  loadCaptcha();
})();
