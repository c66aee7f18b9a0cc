/* lycee report page: the code, the token and its renewal as static/code.js
   does them (shared with the decklist page).  The result goes to POST
   /api/report.
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
  lyceeCode.take(codeIn);
  var fill = lyceeCode.fill;
  var post = lyceeCode.poster("/api/report", d);
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
    // the opponent reported, this player not (yet): nothing of theirs was sent
    if (st === "waiting" && !doc.said && !sent) st = "theirs";
    // the desk took the table's reports back: this player reports again
    if (doc.cleared) st = "cleared";
    if (st === "recorded" && doc.by === "staff") st = "staff";
    var text = d[st] || st;
    say(fill(text, { result: doc.result || "" }));
    if (doc.said && !resultIn.value) resultIn.value = doc.said;
  }
  function lookup() {
    var c = codeIn.value.trim();
    if (!c) return;
    post({ code: c }).then(function (doc) {
      if (!doc.error) lyceeCode.keep(c);
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
    if (!codeIn.value.trim()) return;
    // a change while a report or a question is on its way: one more question after it
    if (asking || document.getElementById("send").disabled) { again = true; return; }
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
      .then(function () { send.disabled = false; if (again && !asking) { again = false; follow(); } });
  });
  lookup();
})();
