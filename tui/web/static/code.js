/* lycee phone pages' shared part (report.js and decklist.js load after it):
   the player's code comes in the address's fragment (#CODE, from the slip's
   QR code; never sent to the server in the address) or is typed; it is kept
   in this tab only (sessionStorage, shared by both pages) and taken out of
   the address bar.  A page posts JSON with its token; a token that has
   expired (the answer says "renew") is fetched again from the page's address
   and the post sent once more: nothing typed is lost. */
var lyceeCode = (function () {
  "use strict";
  /* the code from the fragment or this tab, put in codeIn (its row hidden); "" when none */
  function take(codeIn) {
    var code = (location.hash || "").replace(/^#/, "");
    try {
      if (code) sessionStorage.setItem("lycee-code", code);
      else code = sessionStorage.getItem("lycee-code") || "";
    } catch (e) { /* no storage: the code stays in this page only */ }
    if (location.hash && history.replaceState) history.replaceState(null, "", location.pathname + location.search);
    if (code) {
      codeIn.value = code;
      document.getElementById("coderow").hidden = true;
    }
    return code;
  }
  /* a code the desk knew, kept for this tab's other page */
  function keep(code) {
    try { sessionStorage.setItem("lycee-code", code); } catch (e) { /* none */ }
  }
  /* the page's words (data-* on its form) with their {names} filled */
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values[k] != null ? values[k] : m; });
  }
  /* post(body) to path with the token in d (the form's dataset): the answer's JSON */
  function poster(path, d) {
    function renew() {
      return fetch(location.pathname + location.search, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var found = new DOMParser().parseFromString(html, "text/html").querySelector("[data-token]");
          if (!found) throw new Error("no token");
          d.token = found.dataset.token;
        });
    }
    function post(body, again) {
      return fetch(path, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-Lycee-Token": d.token },
        body: JSON.stringify(body)
      }).then(function (r) { return r.json(); }).then(function (doc) {
        if (doc.renew && !again) return renew().then(function () { return post(body, true); });
        return doc;
      });
    }
    return post;
  }
  return { take: take, keep: keep, fill: fill, poster: poster };
})();
