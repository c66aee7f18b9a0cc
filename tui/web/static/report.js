/* lycee report page: the code comes in the address's fragment (#CODE, from
   the slip's QR code; never sent to the server in the address) or is typed;
   it is kept in this tab only (sessionStorage) and taken out of the address
   bar.  The result goes to POST /api/report as JSON with the page's token;
   a token that has expired (the answer says "renew") is fetched again from
   this page's address and the report sent once more: nothing typed is lost.
   The page follows the live stream (/live?page=report): when the desk's
   reports change it shows its table's state again. */
(function () {
  "use strict";
  var form = document.getElementById("report");
  if (!form) return;
  var d = form.dataset;
  var codeIn = document.getElementById("code");
  var resultIn = document.getElementById("result");
  var state = document.getElementById("state");
  var who = document.getElementById("who");
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
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values[k] != null ? values[k] : m; });
  }
  function say(text) { state.textContent = text; }
  function show(doc, sent) {
    state.dataset.status = doc.status || "";
    // a player with nothing to report (a bye, dropped, no round): the reason
    // alone, and no result box; "not sent" only for what was sent
    var refused = doc.status === "refused";
    var boxes = document.querySelectorAll("#report p:not(#coderow)");
    for (var b = 0; b < boxes.length; b++) boxes[b].hidden = refused;
    if (doc.error) { say(sent ? fill(d.error, { error: doc.error }) : doc.error); return; }
    if (doc.table != null) {
      var line = fill(d.table, { r: doc.round, t: doc.table });
      if (doc.you) line += " · " + fill(d.vs, { you: doc.you, opponent: doc.opponent });
      who.textContent = line;
    }
    var st = doc.status;
    if (st === "waiting" && doc.held) st = "held";
    if (st === "recorded" && doc.by === "staff") st = "staff";
    var text = d[st] || st;
    say(fill(text, { result: doc.result || "" }));
    if (doc.said && !resultIn.value) resultIn.value = doc.said;
  }
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
    return fetch("/api/report", {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Lycee-Token": d.token },
      body: JSON.stringify(body)
    }).then(function (r) { return r.json(); }).then(function (doc) {
      if (doc.renew && !again) return renew().then(function () { return post(body, true); });
      return doc;
    });
  }
  function lookup() {
    var c = codeIn.value.trim();
    if (!c) return;
    post({ code: c }).then(function (doc) {
      if (!doc.error) {
        try { sessionStorage.setItem("lycee-code", c); } catch (e) { /* none */ }
      }
      show(doc);
    }, function () { say(d.offline); });
  }
  var buttons = document.querySelectorAll("button.quick");
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", function (ev) { resultIn.value = ev.currentTarget.dataset.result; });
  }
  codeIn.addEventListener("change", lookup);
  // the desk's changes to the players' reports come on the live stream (as
  // the other pages' do): the page asks again for its table's state, so the
  // first to report sees the opponent's agreeing report recorded, or the
  // dispute, without reloading.  One question at a time; one more after it
  // when a change came meanwhile.
  var asking = false, again = false;
  function follow() {
    if (!codeIn.value.trim() || document.getElementById("send").disabled) return;
    if (asking) { again = true; return; }
    asking = true;
    post({ code: codeIn.value.trim() }).then(function (doc) { if (!doc.error) show(doc); }, function () {})
      .then(function () { asking = false; if (again) { again = false; follow(); } });
  }
  if (window.EventSource) {
    var u = new URL("/live", location.href);
    u.searchParams.set("page", "report");
    var es = new EventSource(u.toString());
    es.onmessage = follow;
  }
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var c = codeIn.value.trim(), r = resultIn.value.trim();
    if (!c || !r) return;
    var send = document.getElementById("send");
    send.disabled = true;
    post({ code: c, result: r }).then(function (doc) { show(doc, true); }, function () { say(d.offline); })
      .then(function () { send.disabled = false; });
  });
  lookup();
})();
