/* Hand page: instant taps, one owner per card, live counts from the server
   (/api/preview, the core's score_pile). No scoring happens here. */
(function () {
  "use strict";
  var form = document.getElementById("hand");
  if (!form) return;
  var url = form.getAttribute("data-preview");
  var timer = null, seq = 0;

  function slotOf(el) { return el.closest("[data-slot]").getAttribute("data-slot"); }
  function ownerName(slot) {
    var sec = document.getElementById(/^s/.test(slot) ? slot : "p" + slot);
    var input = sec && sec.querySelector("input.name");
    return input ? (input.value.trim() || input.placeholder) : "";
  }

  /* A card checked by one player is disabled (and marked) for everyone else. */
  function sync() {
    var owner = {};
    form.querySelectorAll('input[name$="-cards"]:checked').forEach(function (b) {
      if (!(b.value in owner)) owner[b.value] = slotOf(b);
    });
    form.querySelectorAll('input[name$="-cards"]').forEach(function (b) {
      var o = owner[b.value], taken = o !== undefined && o !== slotOf(b);
      b.disabled = taken && !b.checked;
      b.parentNode.classList.toggle("x", taken);
      b.parentNode.setAttribute("data-o", taken ? ownerName(o) : "");
    });
  }

  function show(data) {
    Object.keys(data.piles).forEach(function (slot) {
      var sec = document.getElementById("p" + slot), pile = data.piles[slot];
      if (!sec) return;
      sec.querySelectorAll(".counts b[data-k]").forEach(function (b) {
        b.textContent = pile[b.getAttribute("data-k")];
      });
    });
    form.querySelectorAll('input[value^="jk"]').forEach(function (b) {
      var n = parseInt(b.value.slice(2), 10);
      b.parentNode.hidden = n > data.jokers && !b.checked;
    });
  }

  function refresh() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var body = new FormData(form), mine = ++seq;
      body.delete("csrf_token");
      fetch(url, { method: "POST", body: body, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) { if (d && mine === seq) show(d); })
        .catch(function () { /* counts stay as they were; submitting still works */ });
    }, 120);
  }

  form.addEventListener("change", function (e) {
    if (/-cards$/.test(e.target.name || "")) sync();
    refresh();
  });
  /* Player names typed in the player sections also label the player menus. */
  function relabel() {
    form.querySelectorAll('select[name="first_go"] option, select[name="liable"] option').forEach(function (o) {
      if (o.value !== "") o.textContent = ownerName(o.value);
    });
  }

  form.addEventListener("input", function (e) {
    if (e.target.classList.contains("name")) { sync(); relabel(); }
  });
  form.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-step]");
    if (!b) return;
    var input = b.parentNode.querySelector("input");
    var max = parseInt(input.max || "99", 10);
    var v = (parseInt(input.value, 10) || 0) + parseInt(b.getAttribute("data-step"), 10);
    input.value = Math.max(0, Math.min(max, v));
    refresh();
  });
  sync();
})();
