// SSO login page: account/password plus one human check, the slider captcha or a one-time code
// e-mailed by Home/SendLoginCode; posts to Home/Login (no inline script; strict CSP).
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
  const status = $('status');
  const account = $('account');
  const password = $('password');
  const captchaPanel = $('captcha-panel');
  const codePanel = $('code-panel');
  const useCode = $('use-code');
  const useSlider = $('use-slider');
  const sendCode = $('send-code');
  const emailCode = $('email-code');

  let captcha = null;
  let offset = 0;
  let dragging = null;
  let busy = false;
  let mode = 'slider';
  let resendTimer = null;

  // Errors go to the alert region, progress and notices to the status region; one shows at a time.
  function say(text, info) {
    message.textContent = info ? '' : text || '';
    status.textContent = info ? text || '' : '';
  }

  function fmt(key, params) {
    return String(texts[key] || key).replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k) => (k in params ? String(params[k]) : m));
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

  const post = (path, payload) =>
    call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify(payload),
    });

  const succeeded = (body) => !!body && (body.code === 0 || body.success === true);

  async function loadCaptcha() {
    captcha = null;
    track.className = 'track busy';
    place(0);
    try {
      const { body } = await call('/ImageCaptCha?InteractionID=' + encodeURIComponent(uid), { method: 'GET' });
      if (!succeeded(body)) {
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

  /** Account and password present, else a message and focus on the first empty one. */
  function credentialsFilled() {
    if (account.value.trim() && password.value) return true;
    say(texts['page.fillFields']);
    (account.value.trim() ? password : account).focus();
    return false;
  }

  /** Home/Login with the human check's fields; false when refused (message shown). */
  async function login(check) {
    busy = true;
    say(texts['page.signingIn'], true);
    const payload = Object.assign({ Account: account.value.trim(), Password: password.value, InteractionID: uid }, check);
    try {
      const { body } = await post('/Login', payload);
      if (succeeded(body) && body.data && body.data.Redirect) {
        say(texts['page.success'], true);
        window.location.assign(body.data.Redirect);
        return true;
      }
      say(body && body.message ? body.message : texts['page.networkError']);
    } catch {
      say(texts['page.networkError']);
    }
    busy = false;
    return false;
  }

  async function submitSlider() {
    if (!captcha || busy) return;
    if (!credentialsFilled()) {
      place(0);
      return;
    }
    track.className = 'track busy';
    // Slider pixels → image pixels (the stage may be scaled on small screens).
    const scale = bg.naturalWidth && bg.clientWidth ? bg.naturalWidth / bg.clientWidth : 1;
    const done = await login({ CaptchaID: captcha.CaptchaID, CaptchaX: Math.round(offset * scale) });
    if (done) {
      track.className = 'track ok';
      return;
    }
    track.className = 'track bad';
    // Every challenge is one-time: fetch a new one after any failed attempt.
    setTimeout(loadCaptcha, 600);
  }

  async function submitCode() {
    if (busy || !credentialsFilled()) return;
    const code = emailCode.value.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      say(texts['page.fillCode']);
      emailCode.focus();
      return;
    }
    await login({ EmailCode: code });
  }

  function countdown(seconds) {
    clearInterval(resendTimer);
    let left = seconds;
    const tick = () => {
      if (left <= 0) {
        clearInterval(resendTimer);
        sendCode.disabled = false;
        sendCode.textContent = texts['page.sendCode'];
        return;
      }
      sendCode.disabled = true;
      sendCode.textContent = fmt('page.resendIn', { n: left });
      left--;
    };
    tick();
    resendTimer = setInterval(tick, 1000);
  }

  async function requestCode() {
    if (busy || sendCode.disabled) return;
    if (!account.value.trim()) {
      say(texts['page.fillAccount']);
      account.focus();
      return;
    }
    busy = true;
    say(texts['page.sending'], true);
    try {
      const { body } = await post('/SendLoginCode', { Account: account.value.trim(), InteractionID: uid });
      if (succeeded(body) && body.data) {
        say(body.data.Notice, true);
        countdown(body.data.ResendIn);
        emailCode.focus();
      } else {
        say(body && body.message ? body.message : texts['page.networkError']);
      }
    } catch {
      say(texts['page.networkError']);
    }
    busy = false;
  }

  function setMode(next) {
    mode = next;
    const code = next === 'code';
    codePanel.hidden = !code;
    captchaPanel.hidden = code;
    useCode.hidden = code;
    say(texts[code ? 'page.codeMode' : 'page.sliderMode'], true);
    // A challenge lives 60 s: coming back to the slider gets a fresh one.
    if (!code) loadCaptcha();
    (code ? (sendCode.disabled ? emailCode : sendCode) : handle).focus();
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
    if (offset > 0) submitSlider();
  };
  handle.addEventListener('pointerup', release);
  handle.addEventListener('pointercancel', () => { dragging = null; place(0); });
  handle.addEventListener('keydown', (e) => {
    if (!captcha || busy) return;
    if (e.key === 'ArrowRight') { place(offset + (e.shiftKey ? 10 : 1)); e.preventDefault(); }
    else if (e.key === 'ArrowLeft') { place(offset - (e.shiftKey ? 10 : 1)); e.preventDefault(); }
    else if (e.key === 'Enter') { e.preventDefault(); submitSlider(); }
  });
  // Enter in a field: with the slider, go to it; with the code, sign in.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (mode === 'code') submitCode();
    else handle.focus();
  });
  $('refresh').addEventListener('click', () => { say(''); loadCaptcha(); });
  useCode.addEventListener('click', () => setMode('code'));
  useSlider.addEventListener('click', () => setMode('slider'));
  sendCode.addEventListener('click', requestCode);

  loadCaptcha();
})();
