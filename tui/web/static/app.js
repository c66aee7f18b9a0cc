// lycee event pages: live updates and the round clock.  No framework, no
// inline code (the Content-Security-Policy forbids it); everything the server
// sends is already escaped HTML.
(function () {
  "use strict";
  var doc = document.documentElement;
  doc.classList.add("js");
  var body = document.body;
  var live = document.getElementById("live");
  if (!live) return;
  var version = body.getAttribute("data-v");
  var etag = null;
  var offset = 0; // server time minus this device's time (ms)
  var busy = false;

  function partUrl() {
    var u = new URL(window.location.href);
    u.searchParams.set("part", "1");
    return u.toString();
  }

  function refresh() {
    if (busy) return;
    busy = true;
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(partUrl(), { headers: headers, cache: "no-store" }).then(function (r) {
      var now = r.headers.get("X-Now");
      if (now) offset = Number(now) - Date.now();
      if (r.status === 200) {
        etag = r.headers.get("ETag");
        return r.text().then(swap);
      }
    }).catch(function () {}).then(function () { busy = false; });
  }

  function swap(html) {
    live.innerHTML = html;
    setupTv();
    tick();
  }

  // server-sent events carry the new live part; polling with ETags every
  // 2 s where they are missing (or while the stream is down)
  var polling = null;
  function poll() { if (!polling) polling = window.setInterval(refresh, 2000); }
  var es = null;
  function liveUrl() {
    var u = new URL("/live", window.location.href);
    u.searchParams.set("page", body.getAttribute("data-page"));
    u.searchParams.set("lang", doc.getAttribute("lang"));
    var q = new URL(window.location.href).searchParams.get("q");
    if (q && body.getAttribute("data-page") === "find") u.searchParams.set("q", q);
    return u.toString();
  }
  function connect() {
    if (!window.EventSource) { poll(); return; }
    if (es) es.close();
    es = new EventSource(liveUrl());
    es.onmessage = function (e) {
      try {
        var d = JSON.parse(e.data);
        if (d.html !== undefined && d.etag !== etag) { etag = d.etag; swap(d.html); }
        version = d.v;
      } catch (err) { /* ignore */ }
      if (polling) { window.clearInterval(polling); polling = null; }
    };
    es.addEventListener("now", function (e) { offset = Number(e.data) - Date.now(); });
    es.onerror = function () { poll(); };
  }
  connect();

  // the round clock: the end time comes from the server, the ticking is here
  function fmt(s) {
    s = Math.max(0, Math.ceil(s));
    var m = Math.floor(s / 60), r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }
  function tick() {
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

  // TV: pages of pairings that turn by themselves
  var tvPage = 0, tvTimer = null;
  function setupTv() {
    var pages = live.querySelectorAll(".tvpage");
    if (!pages.length) return;
    if (tvPage >= pages.length) tvPage = 0;
    for (var i = 0; i < pages.length; i++) pages[i].hidden = i !== tvPage;
  }
  if (body.getAttribute("data-page") === "tv") {
    setupTv();
    tvTimer = window.setInterval(function () {
      var pages = live.querySelectorAll(".tvpage");
      if (pages.length < 2) return;
      tvPage = (tvPage + 1) % pages.length;
      setupTv();
    }, 10000);
  }

  // find my table: results as you type
  var q = document.getElementById("q");
  if (q) {
    var timer = null;
    q.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var u = new URL(window.location.href);
        if (q.value) u.searchParams.set("q", q.value); else u.searchParams.delete("q");
        window.history.replaceState(null, "", u.toString());
        etag = null;
        connect();  // the stream follows the new search
      }, 250);
    });
  }
})();
