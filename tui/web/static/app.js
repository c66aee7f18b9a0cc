// lycee event pages: live updates, the round clock, the TV's pages and the
// stale notice.  No framework, no inline code (the Content-Security-Policy
// forbids it); everything the server sends is already escaped HTML.
(function () {
  "use strict";
  var doc = document.documentElement;
  doc.classList.add("js");
  var body = document.body;
  var live = document.getElementById("live");
  if (!live) return;
  var which = body.getAttribute("data-page");
  var searched = which === "find" || which === "standings";
  var version = body.getAttribute("data-v");
  var etag = null;
  var offset = 0; // server time minus this device's time (ms)
  var busy = false;

  // -- stale: the live connection is lost ------------------------------------
  // The stream brings the server's time at least every 2 s; nothing for
  // STALE_MS (or a failed poll) and the page says since when it is not up to
  // date and stops its clock, until the server answers again.
  var STALE_MS = 4000;
  var lastOk = Date.now();
  var stale = false;
  var staleBox = document.getElementById("stale");
  function hhmm(ms) {
    var d = new Date(ms);
    var m = d.getMinutes();
    return d.getHours() + ":" + (m < 10 ? "0" : "") + m;
  }
  function setStale(on) {
    if (on === stale) return;
    stale = on;
    body.classList.toggle("stale", on);
    if (staleBox) {
      staleBox.textContent = on ? staleBox.getAttribute("data-text").replace("{time}", hhmm(lastOk)) : "";
      staleBox.hidden = !on;
    }
    if (!on) tick();
  }
  function ok() { lastOk = Date.now(); setStale(false); }
  window.setInterval(function () {
    if (Date.now() - lastOk > STALE_MS) setStale(true);
  }, 500);

  function partUrl() {
    var u = new URL(window.location.href);
    u.searchParams.set("part", "1");
    u.searchParams.set("lang", doc.getAttribute("lang"));
    return u.toString();
  }

  function refresh() {
    if (busy) return;
    busy = true;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(partUrl(), { headers: headers, cache: "no-store" }).then(function (r) {
      var now = r.headers.get("X-Now");
      if (now) offset = Number(now) - Date.now();
      if (r.status === 200 || r.status === 304) ok();
      if (r.status === 200) {
        etag = r.headers.get("ETag");
        return r.text().then(swap);
      }
    }).catch(function () {}).then(function () { busy = false; });
  }

  function swap(html) {
    live.innerHTML = html;
    layoutTv();
    tick();
  }

  // server-sent events carry the new live part; polling with ETags every
  // 2 s where they are missing (or while the stream is down)
  var polling = null;
  function poll() { if (!polling) polling = window.setInterval(refresh, 2000); }
  var es = null;
  function query() { return new URL(window.location.href).searchParams.get("q"); }
  function liveUrl() {
    var u = new URL("/live", window.location.href);
    u.searchParams.set("page", which);
    u.searchParams.set("lang", doc.getAttribute("lang"));
    var q = query();
    if (q && searched) u.searchParams.set("q", q);
    return u.toString();
  }
  function connect() {
    if (!window.EventSource) { poll(); return; }
    if (es) es.close();
    es = new EventSource(liveUrl());
    es.onmessage = function (e) {
      ok();
      try {
        var d = JSON.parse(e.data);
        if (d.html !== undefined && d.etag !== etag) { etag = d.etag; swap(d.html); }
        version = d.v;
      } catch (err) { /* ignore */ }
      if (polling) { window.clearInterval(polling); polling = null; }
    };
    es.addEventListener("now", function (e) { offset = Number(e.data) - Date.now(); ok(); });
    es.onerror = function () { poll(); };
  }
  connect();

  // -- the round clock: the end time comes from the server, the ticking is here
  function fmt(s) {
    s = Math.max(0, Math.ceil(s));
    var m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
    if (stale) return; // a stale clock stands still (the notice says why)
    var clocks = live.querySelectorAll(".clock");
    for (var i = 0; i < clocks.length; i++) {
      var c = clocks[i];
      var st = c.getAttribute("data-state");
      if (st === "idle") continue;
      var left = st === "running"
        ? (Number(c.getAttribute("data-end")) - (Date.now() + offset)) / 1000
        : Number(c.getAttribute("data-left"));
      var t = c.querySelector(".time");
      t.textContent = fmt(left);
      c.classList.toggle("late", left <= 300);
      if (left <= 0) c.querySelector(".note").textContent = c.getAttribute("data-up");
    }
  }
  window.setInterval(tick, 250);
  tick();

  // -- TV: the rows cut into pages that fit the screen, turning by themselves.
  // Rows per page from the room left under the list's top (the announcement,
  // however many lines, is above it), times the list's columns; each page
  // shows for 30 s / pages (3-10 s), so a full turn takes about 30 s.
  var tvPage = 0, tvPages = 1, tvTimer = null;
  function layoutTv() {
    var ol = live.querySelector("ol.tv");
    if (!ol) return;
    var rows = ol.children, n = rows.length;
    if (!n) return;
    for (var i = 0; i < n; i++) rows[i].hidden = i !== 0;
    var rowH = rows[0].getBoundingClientRect().height;
    var top = ol.getBoundingClientRect().top;
    var room = window.innerHeight - top - 4;
    var cols = parseInt(window.getComputedStyle(ol).columnCount, 10) || 1;
    var perCol = Math.max(1, Math.floor(room / Math.max(1, rowH)));
    var per = perCol * cols;
    tvPages = Math.max(1, Math.ceil(n / per));
    if (tvPage >= tvPages) tvPage = 0;
    for (var j = 0; j < n; j++) rows[j].hidden = Math.floor(j / per) !== tvPage;
    var no = live.querySelector(".pageno");
    if (no) {
      no.textContent = tvPages > 1
        ? no.getAttribute("data-of").replace("{k}", tvPage + 1).replace("{n}", tvPages) : "";
      no.classList.toggle("one", tvPages < 2);
    }
  }
  function turnTv() {
    if (tvPages > 1) { tvPage = (tvPage + 1) % tvPages; layoutTv(); }
    tvTimer = window.setTimeout(turnTv, Math.max(3000, Math.min(10000, 30000 / tvPages)));
  }
  if (which === "tv") {
    layoutTv();
    window.addEventListener("resize", layoutTv);
    tvTimer = window.setTimeout(turnTv, Math.max(3000, Math.min(10000, 30000 / tvPages)));
  }

  // -- find my table / my row: results as you type.  While an input method
  // is still converting (Japanese), nothing is searched: the search waits
  // for compositionend.  The language switch keeps what was typed.
  var q = document.getElementById("q");
  var switcher = document.querySelector("a.lang");
  function keepInSwitch(value) {
    if (!switcher) return;
    var u = new URL(switcher.getAttribute("href"), window.location.href);
    if (value) u.searchParams.set("q", value); else u.searchParams.delete("q");
    switcher.setAttribute("href", u.pathname + u.search);
  }
  if (q) {
    var timer = null, composing = false;
    var search = function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var u = new URL(window.location.href);
        if (q.value) u.searchParams.set("q", q.value); else u.searchParams.delete("q");
        window.history.replaceState(null, "", u.toString());
        keepInSwitch(q.value);
        etag = null;
        connect();  // the stream follows the new search
        if (!window.EventSource) refresh();
      }, 250);
    };
    q.addEventListener("compositionstart", function () { composing = true; window.clearTimeout(timer); });
    q.addEventListener("compositionend", function () { composing = false; search(); });
    q.addEventListener("input", function (e) {
      if (composing || e.isComposing) return;
      search();
    });
  }
})();
