// Offline: a hand or a correction saved while the server cannot be reached, or answered by a server
// that failed (its database down, its disk full, a proxy's 502), is kept on this phone (IndexedDB)
// and sent once the connection is back: at the online event, when any answer comes from a server
// that is well again, by retries that wait longer each time, and at the next page load. Each post
// carries the key its form was given, and the server records a key at most once, so a post whose
// answer was lost is answered as saved when it comes again. A post the server refuses (another phone saved that hand first) stays
// kept, on the table's page, until the scorekeeper enters it as the next hand or discards it.
"use strict";

(() => {
  const script = document.currentScript;
  const KEPT_PAGES = "cardscore-pages";  // the service worker's PAGES (templates/sw.js)
  const indicator = document.getElementById("connection");
  const outbox = document.getElementById("outbox");
  const board = outbox && outbox.dataset.board;  // the table whose page this is, if any
  const ANSWER_WITHIN = 15000;  // ms; the hand form's hx-request timeout says the same
  let reachable = true;  // false from a failed request until one gets through
  // True from a server failure's answer (5xx; templates/trouble.html is one) until an answer that is not one.
  let troubled = Boolean(document.querySelector("[data-server-trouble]"));
  let waitingHere = 0;  // posts of this page's table waiting to be sent: a new one queues behind them

  // --- the posts kept on this phone: one IndexedDB store, keyed by the post's key -------------

  let database;
  function open() {
    database = database || new Promise((resolve, reject) => {
      const request = indexedDB.open("cardscore", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("posts", { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return database;
  }

  async function store(mode, action) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction("posts", mode);
      const request = action(transaction.objectStore("posts"));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
    });
  }
  const kept = async () => (await store("readonly", (posts) => posts.getAll())).sort((a, b) => a.created - b.created);
  const keep = (post) => store("readwrite", (posts) => posts.put(post));
  const forget = (key) => store("readwrite", (posts) => posts.delete(key));

  // Not crypto.randomUUID: a server at home is reached over plain http, where only this exists.
  function newKey() {
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  // What a form holds, in the words on the screen, to review a kept post: "Asha: Seen, Maal 12".
  function describe(form) {
    const lines = new Map();
    for (const field of form.elements) {
      if (!field.name || ["hidden", "file"].includes(field.type) || ["", "0"].includes(field.value)) continue;
      if ((field.type === "radio" || field.type === "checkbox") && !field.checked) continue;
      const label = field.labels && field.labels[0] ? field.labels[0].textContent.trim() : field.name;
      const shown = field.type === "radio" || field.type === "checkbox" ? label
        : `${label} ${field.tagName === "SELECT" ? field.selectedOptions[0].textContent.trim() : field.value}`;
      const name = field.closest("[id^=seat-]") && field.closest("[id^=seat-]").querySelector("legend, .who");
      const who = name ? name.textContent.trim() : "";
      lines.set(who, [...(lines.get(who) || []), shown]);
    }
    return [...lines].map(([who, parts]) => (who ? `${who}: ` : "") + parts.join(", "));
  }

  function text(name, values) {
    return Object.entries(values).reduce((sentence, [key, value]) => sentence.replace(`{${key}}`, value), outbox.dataset[name]);
  }
  const keptMessage = (post) => text(post.trouble ? "keptTrouble" : "kept", { hand: post.hand });

  // --- keeping a post ----------------------------------------------------------------------------

  // `refusal`: the server's answer turning it away (409); `trouble`: it failed to save it (5xx);
  // `sent`: what was posted, when the form has moved on since (sentForms).
  async function keepForm(form, refusal, trouble, sent = sentForms.get(form) || { data: new FormData(form), lines: describe(form) }) {
    sentForms.delete(form);
    const data = sent.data;
    // A hand's photo is kept as itself (IndexedDB keeps a Blob), beside the fields kept as words.
    const photo = data.get("photo");
    data.delete("photo");
    let number = data.get("hand_number");
    if (number && !refusal) {
      // Hands kept one after another on this phone follow each other, whatever number a page
      // kept from earlier (served offline) thought came next.
      const waiting = (await kept()).filter((post) => post.board === form.dataset.board && !post.refusal && !post.edit);
      number = String(Math.max(Number(number), ...waiting.map((post) => post.number + 1)));
      data.set("hand_number", number);
    }
    const post = {
      key: data.get("key"), url: form.action, board: form.dataset.board, body: new URLSearchParams(data).toString(),
      hand: handName(form, number), edit: form.hasAttribute("data-edit-form"),
      number: number && Number(number), lines: sent.lines, created: Date.now(), refusal, photo: photo && photo.size ? photo : null,
      trouble: Boolean(trouble),
    };
    await keep(post);
    if (!refusal) {
      waitingHere += 1;
      moveOn(form, post);
      send();
    }
    show();
  }

  const handName = (form, number) => form.dataset.handName.replace("{number}", shownDigits(number));

  function status(words) {
    const line = document.createElement("p");
    line.className = "saved";
    line.setAttribute("role", "status");
    line.textContent = words;
    const earlier = document.getElementById("saved");
    if (earlier) earlier.remove();
    line.id = "saved";
    return line;
  }

  // After a hand is kept the form moves on to the next hand, as after a save, where the next
  // hand's form is the same; Thirteen's books follow its bids, so its form waits for the answer.
  function moveOn(form, post) {
    const line = status(keptMessage(post));
    form.closest(".card").before(line);
    if (post.edit || !form.hasAttribute("data-next-offline")) {
      form.inert = true;
      return;
    }
    if (form.dataset.movedOn !== String(post.number + 1)) nextHand(form, post.number + 1);
    line.scrollIntoView({ block: "start" });
  }

  // The next hand's form, blank, in place of the one just posted or kept.
  function nextHand(form, number) {
    form.reset();
    const fields = form.querySelector("#hand-fields");
    // After a refusal the fields' own values are the refused ones: the blank copy, where the page has it.
    if (fields && form.elements.form_key) putBackBlank(fields, form.elements.form_key.value);
    form.querySelectorAll("input[type=file]").forEach((photo) => photo.dispatchEvent(new Event("change", { bubbles: true })));
    form.elements.hand_number.value = String(number);
    form.elements.key.value = newKey();
    form.dataset.movedOn = String(number);
    const heading = form.closest(".card").querySelector("h2");
    heading.textContent = handName(form, number);
    // Who deals it: the page carries the notes of the hands to come, in turn round the seats.
    const next = form.querySelector("[data-next-notes]");
    if (next) {
      const notes = JSON.parse(next.dataset.nextNotes);
      const note = document.createElement("span");
      note.className = "muted small";
      note.textContent = `· ${notes[(number - Number(next.dataset.nextFrom)) % notes.length]}`;
      heading.append(" ", note);
    }
  }

  // Online, the next hand's blank form is shown at the tap, while the post is on its way, as
  // the answer would show it (bench/wire.py: the answer takes a round trip and the phone's work):
  // what is typed in it meanwhile stays when the answer comes (cardscore.js). What was posted is
  // remembered until the answer, to be kept if none comes. Only where the page holds that blank
  // form: a refused form posts no form_key, and the answer brings the next form itself.
  const sentForms = new WeakMap();
  document.addEventListener("htmx:beforeSend", (event) => {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("[data-hand-form]")) return;
    sentForms.set(form, { data: new FormData(form), lines: describe(form) });
    const formKey = form.elements.form_key && form.elements.form_key.value;
    if (!form.hasAttribute("data-next-offline") || !formKey) return;
    const number = Number(form.elements.hand_number.value) + 1;
    // After htmx has sent the post: it encodes the form (multipart, for a photo) just after this event.
    queueMicrotask(() => {
      const sending = status(text("sending", { hand: handName(form, number - 1) }));
      sending.dataset.sending = "";  // until the answer's line takes its place
      form.closest(".card").before(sending);
      nextHand(form, number);
      readyForNextHand();
    });
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.successful) sentForms.delete(event.detail.elt);
  });

  // A hand's form, or a correction's posted in the table's page (htmx): kept when offline.
  const handForm = (element) => element && element.matches && element.matches("[data-hand-form], [data-edit-form][hx-post]");

  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!handForm(form) || !window.indexedDB || navigator.onLine && reachable && !waitingHere) return;
    event.preventDefault();  // offline, or behind hands still waiting: it waits too, in order
    keepForm(form);
  });
  // No answer (the connection dropped on the way, or the answer is too long in coming), or the
  // server's failure (5xx: its database or disk, or the proxy's for an app server away): the post
  // may or may not have been saved, and sending it again with its key is safe either way.
  const unanswered = (event) => {
    reachable = false;
    if (handForm(event.detail.elt) && window.indexedDB) keepForm(event.detail.elt);
    else show();
  };
  document.addEventListener("htmx:sendError", unanswered);
  document.addEventListener("htmx:timeout", unanswered);
  document.addEventListener("htmx:responseError", (event) => {
    if (event.detail.xhr.status < 500) return;  // a refusal (4xx): shown as the server answered it
    troubled = true;
    if (handForm(event.detail.elt) && window.indexedDB) keepForm(event.detail.elt, null, true);
    else show();
  });
  // Another phone saved this hand first: the board is shown as it is now, and this hand is kept.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    const form = event.detail.requestConfig.elt;  // the event's own element is the swap's target
    if (form.matches("[data-hand-form]") && xhr.status === 409) {
      keepForm(form, { status: 409, who: decodeURIComponent(xhr.getResponseHeader("CardScore-Saved-By") || "") });
    }
  });
  // Any answer tells how the server is: a live board's poll notices first that it is back.
  document.addEventListener("htmx:afterRequest", (event) => {
    const status = event.detail.xhr.status;
    if (status >= 500) {
      troubled = true;
      show();
    } else if (status && (!reachable || troubled)) {
      reachable = true;
      troubled = false;
      send();
    }
  });

  // A correction is a page's post, not htmx's: kept when the phone knows it is offline.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("[data-edit-form]") || !window.indexedDB || navigator.onLine && reachable || event.defaultPrevented) return;
    event.preventDefault();
    keepForm(form);
  });

  // --- sending what is kept ----------------------------------------------------------------------

  let sending = false;
  let again = false;  // asked to send while sending: what was kept meanwhile is sent next
  let retry = null;
  let delay = 2000;

  // The CSRF token the phone holds now: a post kept before a log-in carries one that no longer counts.
  function withCurrentToken(body) {
    const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
    const fields = new URLSearchParams(body);
    if (cookie) fields.set("csrfmiddlewaretoken", cookie.slice("csrftoken=".length));
    return fields.toString();
  }

  // A kept post as it is sent: its fields as the form would send them, with its photo if it has one.
  function request(post) {
    const fields = withCurrentToken(post.body);
    if (!post.photo) return { body: fields, headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true" } };
    const body = new FormData();
    new URLSearchParams(fields).forEach((value, name) => body.append(name, value));
    body.append("photo", post.photo, post.photo.name || "photo.jpg");
    return { body, headers: { "HX-Request": "true" } };  // the browser writes the multipart Content-Type
  }

  async function send() {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    again = false;
    clearTimeout(retry);
    let failed = false;
    let landedHere = false;
    try {
      for (const post of await kept()) {
        if (post.refusal) continue;
        let response;
        try {
          response = await fetch(post.url, {
            method: "POST", redirect: "manual", signal: AbortSignal.timeout(ANSWER_WITHIN), ...request(post),
          });
        } catch {  // the server is out of reach
          failed = true;
          reachable = false;
          break;
        }
        reachable = true;
        troubled = response.status >= 500;
        if (response.ok || response.type === "opaqueredirect") {
          await forget(post.key);
          if (post.board === board) {
            landedHere = true;
            if (response.ok) showSaved(post, await response.text());
          }
        } else if (response.status < 500 && response.status !== 403) {
          post.refusal = { status: response.status, who: decodeURIComponent(response.headers.get("CardScore-Saved-By") || "") };
          await keep(post);
        } else {
          // The server is there but failing (its database, its disk, an app server restarting
          // behind the proxy: 5xx), or its CSRF check turned the post away
          // before reading it (403): the phone's token changed while the post was on its way (a
          // round begun offline reads the cookie before a log-in's new one reaches the page). No
          // fault of the hand's: it is sent again later, with the token the phone holds then.
          failed = true;
          break;
        }
      }
    } finally {
      sending = false;
    }
    if (failed) {
      retry = setTimeout(send, delay);
      delay = Math.min(delay * 2, 30000);
    } else {
      delay = 2000;
    }
    await show();
    // Asked again meanwhile (the connection came back while this round was failing): go now, not
    // after the wait.
    if (again) send();
    // A form that waited for the answer (Thirteen's books after its bids) comes from the server.
    if (landedHere && document.querySelector("[data-hand-form][inert], [data-edit-form][inert]")) location.reload();
  }

  // The line saying what was saved, for a kept hand that got through while its page is open.
  function showSaved(post, answer) {
    const status = document.getElementById("saved");
    const saved = new DOMParser().parseFromString(answer, "text/html").getElementById("saved");
    if (status && saved && status.textContent === keptMessage(post)) status.textContent = saved.textContent;
  }

  // --- showing what is kept: the indicator on every page, and on the table's page its posts ------

  async function show() {
    const posts = await kept();
    const here = posts.filter((post) => post.board === board);
    waitingHere = here.filter((post) => !post.refusal).length;
    if (indicator) {
      const state = !navigator.onLine || !reachable ? "offline" : troubled ? "trouble" : "online";
      const words = [indicator.dataset[state], posts.length ? waiting(posts.length) : ""].filter(Boolean).join(" · ");
      if (indicator.dataset.state !== state) indicator.dataset.state = state;
      if (indicator.textContent !== words) indicator.textContent = words;
      if (indicator.hidden) indicator.hidden = false;
    }
    if (!outbox) return;
    // Hands waiting to be sent are on the board; the rest (refused posts, corrections) are listed.
    // Nothing touched that has nothing to show: a change to the page lays it out again.
    const listed = here.filter((post) => post.refusal || post.edit);
    const list = outbox.querySelector(".outbox-list");
    if (listed.length || list.children.length) list.replaceChildren(...listed.map(entry));
    if (outbox.hidden !== !listed.length) outbox.hidden = !listed.length;
    const body = document.querySelector("#board tbody");
    if (!body) return;
    body.querySelectorAll("tr.waiting").forEach((row) => row.remove());
    for (const post of here.filter((each) => !each.edit && !each.refusal)) {
      const row = body.insertRow();
      row.className = "waiting";
      row.insertCell().outerHTML = `<th scope="row">${post.number}</th>`;
      const cell = row.insertCell();
      cell.colSpan = body.closest("table").tHead.rows[0].cells.length - 1;
      cell.textContent = outbox.dataset.waiting;
    }
  }

  // "N waiting" in the plural form the page's language uses for N (base.html carries each form).
  const pluralRules = new Intl.PluralRules(document.documentElement.lang);
  function waiting(count) {
    const category = pluralRules.select(count);
    const form = indicator.dataset[`waiting${category[0].toUpperCase()}${category.slice(1)}`] || indicator.dataset.waitingOther;
    return form.replace("{count}", shownDigits(count));
  }

  function entry(post) {
    const item = outbox.querySelector("template").content.firstElementChild.cloneNode(true);
    let message = keptMessage(post);
    if (post.refusal) {
      // A 409 naming nobody is not another phone's hand (the game was finished meanwhile).
      const name = post.refusal.status !== 409 ? "refused" : post.edit ? "changedFirst" : post.refusal.who ? "savedFirst" : "refused";
      message = text(name, { hand: post.hand, who: post.refusal.who });
    }
    item.querySelector(".outbox-message").textContent = message;
    item.querySelector(".outbox-lines").replaceChildren(...post.lines.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    if (!post.refusal || post.edit) item.querySelector("[data-outbox=next]").remove();
    item.dataset.key = post.key;
    return item;
  }

  // Enter a kept hand as the next one: the number (and version) the table's form expects now.
  async function enterAsNext(post) {
    let page;
    try {
      page = new DOMParser().parseFromString(await (await fetch(post.board)).text(), "text/html");
    } catch {  // the server is out of reach
      reachable = false;
      show();
      return;
    }
    const form = page.querySelector("[data-hand-form]");
    if (!form) return;
    const body = new URLSearchParams(post.body);
    for (const name of ["hand_number", "version"]) {
      const field = form.elements[name];
      if (field) body.set(name, field.value); else body.delete(name);
    }
    Object.assign(post, { body: body.toString(), number: Number(body.get("hand_number")), refusal: null });
    post.hand = form.dataset.handName.replace("{number}", shownDigits(post.number));
    await keep(post);
    await send();
  }

  if (outbox) {
    outbox.addEventListener("click", async (event) => {
      const button = event.target.closest("[data-outbox]");
      if (!button) return;
      const key = button.closest("li").dataset.key;
      const post = (await kept()).find((each) => each.key === key);
      if (!post) return;
      if (button.dataset.outbox === "next") await enterAsNext(post);
      else if (window.confirm(button.dataset.question)) {
        await forget(key);
        await show();
      }
    });
  }

  // htmx says afterSettle on every element an answer swapped in (a save's answer has a dozen):
  // what is kept is shown once, after them all.
  let showing = null;
  document.addEventListener("htmx:afterSettle", () => {
    showing = showing || Promise.resolve().then(() => {
      showing = null;
      return show();
    });
  });
  window.addEventListener("online", () => {
    reachable = true;
    delay = 2000;  // a new connection: the waits start short again
    send();
  });
  window.addEventListener("offline", show);

  // --- the service worker (where the browser allows one: HTTPS, or this computer) ---------------

  // A page the service worker served from what it kept: say so, and give its forms new keys
  // (the keys it was served with may have been used since).
  const keptAt = document.body.dataset.offlineKept;
  if (keptAt) {
    reachable = false;
    const note = document.getElementById("offline-note");
    // In Western digits first, then in the page's digits (shownDigits, cardscore.js), whatever the phone's locale.
    const time = shownDigits(new Date(Number(keptAt)).toLocaleTimeString(document.documentElement.lang,
      { hour: "2-digit", minute: "2-digit", numberingSystem: "latn" }));
    note.textContent = note.dataset.text.replace("{time}", time);
    note.hidden = false;
    document.querySelectorAll("form input[name=key]").forEach((field) => { field.value = newKey(); });
  }
  // Logging out forgets the pages kept on this phone (the owner's tables, the scorekeeper links):
  // the next person to pick it up offline finds none of them.
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!form.matches("[data-forget-pages]") || !window.caches || event.defaultPrevented) return;
    event.preventDefault();
    await caches.delete(KEPT_PAGES);
    form.submit();
  });
  // The board changed (a hand saved here, or the live board redrawn): the kept copy follows.
  let renew = null;
  document.addEventListener("htmx:afterSettle", (event) => {
    if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller || !event.detail.successful) return;
    clearTimeout(renew);
    renew = setTimeout(() => navigator.serviceWorker.controller.postMessage({ keep: location.pathname }), 2000);
  });

  // Signed out, by any Log out (the admin's too, whose form is not the site's): every sign-out
  // lands here (settings.LOGOUT_REDIRECT_URL), and the pages kept while signed in go.
  if (new URLSearchParams(location.search).has("signed-out") && window.caches) caches.delete(KEPT_PAGES);

  // The rest waits until the page has loaded, in a task of its own, so that a first load is not
  // held up by it: the posts kept on this phone shown and sent, and the service worker registered
  // (its install fetches the app shell). The page no worker served (the visit that installs it)
  // is kept too, from the answer the browser already holds: a reload offline after this one visit
  // still shows it.
  const served = "serviceWorker" in navigator && navigator.serviceWorker.controller;
  window.addEventListener("load", () => setTimeout(() => {
    show();
    send();
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(script.dataset.serviceWorker);
    if (!served) {
      navigator.serviceWorker.ready.then((registration) => registration.active.postMessage({ keep: location.pathname, held: true }));
    }
  }));
})();
