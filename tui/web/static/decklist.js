/* lycee decklist page (tui.web.decklists): the code as static/code.js takes
   and keeps it (shared with the report page).  As the player
   types, the list goes to POST /api/decklist with "check": the desk's own
   check answers with its problems (nothing stored); Send registers it.
   Every text from the desk is shown as text, never as markup. */
(function () {
  "use strict";
  var form = document.getElementById("decklist");
  if (!form) return;
  var d = form.dataset;
  var codeIn = document.getElementById("code");
  var textIn = document.getElementById("text");
  var send = document.getElementById("send");
  var state = document.getElementById("state");
  var who = document.getElementById("who");
  var count = document.getElementById("count");
  var list = document.getElementById("problems");
  lyceeCode.take(codeIn);
  var fill = lyceeCode.fill;
  var post = lyceeCode.poster("/api/decklist", d);
  function say(text, status) { state.textContent = text; state.dataset.status = status || ""; }
  function lock(kind) {  /* kind: null, "locked" (round 1 is paired: see a judge) or "off" */
    var locked = !!kind;
    textIn.readOnly = locked;
    send.disabled = locked;
    form.dataset.locked = locked ? "1" : "";
    if (locked) say(kind === "off" ? d.sayOff : d.sayLocked, "locked");
  }
  function problems(doc) {
    list.textContent = "";
    var rows = doc.problems || [];
    if (doc.deck == null && rows.length) count.textContent = d.unreadable;
    else if (doc.deck != null) {
      var c = fill(d.cards, { deck: doc.deck, spare: doc.spare || 0 });
      count.textContent = c + " · " + (rows.length ? fill(d.problems, { n: rows.length }) : d.ok);
    } else count.textContent = "";
    count.dataset.ok = rows.length ? "" : "1";
    rows.forEach(function (p) {
      var li = document.createElement("li");
      var where = p.where ? p.where + ": " : "";
      li.textContent = "[" + p.rule + "] " + where + p.message;
      list.appendChild(li);
    });
  }
  function show(doc, first) {
    if (doc.error && doc.name == null) {
      say(fill(d.error, { error: doc.error }), "error");
      if (doc.problems) problems(doc);
      if (doc.refusal) lock(doc.refusal);
      return;
    }
    if (doc.name != null) who.textContent = fill(d.hello, { name: doc.name });
    if (first && doc.registered && !textIn.value) textIn.value = doc.text || "";
    if (doc.registered) problems(doc);
    if (doc.refusal) { lock(doc.refusal); return; }
    lock(null);
    say(doc.registered ? fill(d.registered, { deck: doc.deck, spare: doc.spare }) : d.none, "");
  }
  function current() { return codeIn.value.trim(); }
  function lookup(first) {
    var c = current();
    if (!c) return;
    post({ code: c }).then(function (doc) {
      if (!doc.error) lyceeCode.keep(c);
      show(doc, first);
    }, function () { say(d.offline, "error"); });
  }
  var timer = null, asked = 0;
  function check() {
    var c = current();
    if (!c || form.dataset.locked) return;
    var mine = ++asked;
    post({ code: c, text: textIn.value, check: true }).then(function (doc) {
      if (mine !== asked) return;  // a later check is on its way
      if (doc.error) { say(fill(d.error, { error: doc.error }), "error"); return; }
      problems(doc);
      if (doc.refusal) lock(doc.refusal);
    }, function () { say(d.offline, "error"); });
  }
  textIn.addEventListener("input", function () {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
  codeIn.addEventListener("change", function () { lookup(true); });
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var c = current(), t = textIn.value;
    if (!c || !t.trim()) return;
    send.disabled = true;
    post({ code: c, text: t }).then(function (doc) {
      if (doc.error) { show(doc, false); return; }
      problems(doc);
      say(fill(d.sent, { deck: doc.deck, spare: doc.spare }), "sent");
    }, function () { say(d.offline, "error"); })
      .then(function () { if (!form.dataset.locked) send.disabled = false; });
  });
  // the desk may pair round 1 while the page is open: ask again now and then
  setInterval(function () { if (!document.hidden) lookup(false); }, 20000);
  lookup(true);
})();
