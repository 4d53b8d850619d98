// Picks the static first paint of index.html before the app's JavaScript arrives: the login screen, or the shell's
// skeleton for a signed-in start. A plain same-origin file, as the CSP allows no inline script. React replaces both.
(function () {
  var uid = null;
  try {
    uid = localStorage.getItem('oa.uid');
  } catch (e) {
    /* private mode */
  }
  var handedOver = /[?&](uid|token|code|cid)=/.test(location.search);
  var login = location.pathname === '/login' || (!uid && !handedOver);
  document.documentElement.setAttribute('data-boot', login ? 'login' : 'shell');
})();
