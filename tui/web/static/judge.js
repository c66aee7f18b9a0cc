/* lycee judge page: sign in with the staff name and PIN, then each table's
   forms post one change as JSON to /api/judge with the page's token (the
   session is the HttpOnly cookie: this script never sees it).  The answer
   (done, or the refusal's reason) is shown by the form; after a change the
   page is loaded again so every table shows the event as it is now.  A token
   that has expired (the answer says "renew") is fetched again from this
   page's address and the change sent once more: nothing typed is lost. */
(function () {
  "use strict";
  function renew(holder) {
    return fetch(location.pathname + location.search, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var found = new DOMParser().parseFromString(html, "text/html").querySelector("[data-token]");
        if (!found) throw new Error("no token");
        holder.token = found.dataset.token;
      });
  }
  /* holder: the dataset that carries the page's token (renewed in place). */
  function post(path, holder, body, again) {
    return fetch(path, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Lycee-Token": holder.token },
      body: JSON.stringify(body)
    }).then(function (r) { return r.json(); }).then(function (doc) {
      if (doc.renew && !again) return renew(holder).then(function () { return post(path, holder, body, true); });
      return doc;
    });
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, k) { return values[k] != null ? values[k] : m; });
  }
  var signin = document.getElementById("signin");
  if (signin) {
    var sd = signin.dataset;
    var sstate = signin.querySelector(".state");
    signin.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var body = { name: signin.elements.name.value.trim(), pin: signin.elements.pin.value.trim() };
      post("/api/judge/signin", sd, body).then(function (doc) {
        if (doc.error) { sstate.textContent = fill(sd.error, { error: doc.error }); return; }
        location.reload();
      }, function () { sstate.textContent = sd.offline; });
    });
    return;
  }
  var main = document.getElementById("judge");
  if (!main) return;
  var d = main.dataset;
  var done = document.getElementById("done");
  try {
    var last = sessionStorage.getItem("lycee-judge-done");
    if (last) { done.textContent = last; sessionStorage.removeItem("lycee-judge-done"); }
    var open = sessionStorage.getItem("lycee-judge-open");
    if (open) {
      var t = document.getElementById(open);
      if (t) { t.open = true; t.scrollIntoView(); }
      sessionStorage.removeItem("lycee-judge-open");
    }
  } catch (e) { /* no storage: nothing to show again */ }
  document.getElementById("signout").addEventListener("click", function () {
    post("/api/judge/signout", d, {}).then(function () { location.reload(); },
      function () { done.textContent = d.offline; });
  });
  var forms = document.querySelectorAll("form.op");
  for (var i = 0; i < forms.length; i++) {
    forms[i].addEventListener("submit", function (ev) {
      ev.preventDefault();
      var form = ev.currentTarget, fd = form.dataset, state = form.querySelector(".state");
      var body = { op: fd.op, table: Number(fd.table), correct: fd.correct === "1" };
      for (var k = 0; k < form.elements.length; k++) {
        var el = form.elements[k];
        if (!el.name) continue;
        body[el.name] = el.type === "checkbox" ? el.checked : el.value;
      }
      var button = form.querySelector("button");
      button.disabled = true;
      post("/api/judge", d, body).then(function (doc) {
        if (doc.error) { state.textContent = fill(d.error, { error: doc.error }); return; }
        try {
          sessionStorage.setItem("lycee-judge-done", doc.message);
          sessionStorage.setItem("lycee-judge-open", "table-" + fd.table);
        } catch (e) { /* none */ }
        location.reload();
      }, function () { state.textContent = d.offline; }).then(function () { button.disabled = false; });
    });
  }
})();
