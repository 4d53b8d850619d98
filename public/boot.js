// Picks the static first paint of index.html before the app's JavaScript arrives: the login screen, or the shell's
// skeleton for a signed-in start. A plain same-origin file, as the CSP allows no inline script. React replaces both,
// except on /login: there the login screen is a document of its own, made live by a small script instead of the app.
(function () {
  var uid = null;
  try {
    uid = localStorage.getItem('oa.uid');
  } catch (e) {
    /* private mode */
  }
  // a DingTalk code counts only on the DingTalk entry (src/session/uid-sources.ts): elsewhere `code` is the page's own
  var handedOver = /[?&](uid|token|cid)=/.test(location.search) || location.pathname.replace(/\/+$/, '') === '/dingtalk';
  var login = location.pathname === '/login' || (!uid && !handedOver);
  document.documentElement.setAttribute('data-boot', login ? 'login' : 'shell');
  // handover parameters on /login are the app's to resolve
  var loginDocument = location.pathname === '/login' && !handedOver;

  function load(kind) {
    var names = document.querySelectorAll('meta[name=' + kind + ']');
    for (var i = 0; i < names.length; i += 1) {
      var script = document.createElement('script');
      script.src = names[i].getAttribute('content');
      script.async = false; // in document order, as the deferred scripts they replace
      document.head.appendChild(script);
    }
  }

  // The login script only makes the static markup live, so it need not wait for the first paint: it loads as soon as
  // the document (and the meta tag naming it) is parsed. It decides itself where a stored session goes.
  if (loginDocument) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { load('login-script'); }, { once: true });
    else load('login-script');
    return;
  }

  // The app's scripts (named by index.html) are fetched and run once that paint is on screen: a script that arrived
  // first would run before the first frame, and a slow phone would show a blank page meanwhile.
  // "On screen" is the first-contentful-paint entry (the browser reports it when the frame is presented; replacing
  // the static page before that loses its paint). Without paint timing: after the next frame. A hidden page paints
  // nothing: it starts at once. The timer makes sure nothing here can keep the app from starting.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    load('app-script');
  }
  function startSoon() {
    setTimeout(start, 0);
  }
  function afterFirstPaint() {
    if (document.visibilityState === 'hidden') return start();
    document.addEventListener('visibilitychange', start, { once: true });
    setTimeout(start, 1000);
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') === -1) return requestAnimationFrame(startSoon);
    if (performance.getEntriesByName('first-contentful-paint').length) return startSoon();
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      startSoon();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
  else afterFirstPaint();
})();
