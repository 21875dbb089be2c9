// surrogator serve: progressive enhancement only; every page works without it.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="csrf-token"]');
  var csrf = meta ? meta.getAttribute("content") : "";
  // the page's language: its texts for what the script writes
  var d = document.body.dataset;
  var t = { released: d.tReleased, notReleased: d.tNotReleased, include: d.tInclude, exclude: d.tExclude,
    includeLong: d.tIncludeLong, excludeLong: d.tExcludeLong };

  // Release toggles: post in the background and update the row in place.
  document.querySelectorAll("form.toggle").forEach(function (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var body = new URLSearchParams(new FormData(form));
      fetch(form.action, {
        method: "POST", body: body, credentials: "same-origin",
        headers: { "X-CSRF-Token": csrf, "Accept": "application/json" }
      }).then(function (r) {
        if (!r.ok) { throw new Error("HTTP " + r.status); }
        return r.json();
      }).then(function (st) {
        var state = form.querySelector(".state");
        var inc = form.querySelector('input[name="include"]');
        var btn = form.querySelector("button");
        state.dataset.include = String(st.include);
        state.textContent = st.include ? t.released : t.notReleased;
        inc.value = st.include ? "0" : "1";
        var long = form.dataset.doc === "doc";
        btn.textContent = st.include ? (long ? t.excludeLong : t.exclude) : (long ? t.includeLong : t.include);
        var n = document.getElementById("qc-released");
        if (n) { n.textContent = String(Number(n.textContent) + (st.include ? 1 : -1)); }
        var ex = document.getElementById("qc-explained");
        if (ex && st.explained) { ex.textContent = st.explained; }
      }).catch(function () { form.submit(); });
    });
  });

  // Run progress: poll the status and reload once the run has ended.
  var box = document.getElementById("progress");
  if (box && box.dataset.state === "running") {
    var url = box.dataset.statusUrl;
    var tick = function () {
      fetch(url, { credentials: "same-origin", headers: { "Accept": "application/json" } })
        .then(function (r) { return r.json(); })
        .then(function (st) {
          if (st.state !== "running") { window.location.reload(); return; }
          var p = document.getElementById("run-progress");
          if (p) { p.value = st.percent; p.textContent = st.percent + "%"; }
          var ph = document.getElementById("run-phase");
          if (ph) { ph.textContent = st.phase; }
          var c = document.getElementById("run-count");
          if (c) { c.textContent = st.total ? st.done + "/" + st.total : String(st.done); }
          window.setTimeout(tick, 500);
        })
        .catch(function () { window.setTimeout(tick, 2000); });
    };
    window.setTimeout(tick, 300);
  }
})();
