// Small enhancements; every form works without them.
"use strict";

// The words this script shows, in the page's language: base.html puts them on this script's tag.
const words = document.currentScript.dataset;

// Numbers the script writes look like the server's (games/plumbing/language.py, the `points` filter): in
// the language's own digits when this device chose them (<html data-digits="٠١٢…">), and a signed
// number isolated left to right in right-to-left text, so its minus stays before its digits.
// A box for a whole number is written in those digits too, as the server writes its value
// (games/plumbing/language.py); the server reads either.
/* exported readNumber, shownDigits, shownNumber -- also offline.js's and the games' own scripts' */
function shownDigits(text) {
  const own = document.documentElement.dataset.digits;
  return own ? String(text).replace(/[0-9]/g, (digit) => own[digit]) : String(text);
}
function shownNumber(value, signed) {
  const sign = value < 0 ? "\u2212" : signed && value > 0 ? "+" : "";
  const text = shownDigits(sign + Math.abs(value));
  return sign && document.documentElement.dir === "rtl" ? "\u2066" + text + "\u2069" : text;
}
// A whole number typed with Western, Arabic-Indic (٠–٩) or Devanagari (०–९) digits; NaN for none.
function readNumber(text) {
  const western = String(text).replace(/[\u0660-\u0669\u0966-\u096f]/g,
    (digit) => String(digit.charCodeAt(0) - (digit >= "\u0966" ? 0x966 : 0x660)));
  return parseInt(western, 10);
}

// Without JavaScript a hand's form posts multipart, for its photo; with htmx only a post that carries
// a photo does, as the server reads a url-encoded post several times faster (htmx reads the form's
// enctype before its request events, so it is set when the photo is chosen).
function photoEncoding(form) {
  const photo = form.querySelector("input[type=file]");
  if (photo && photo.files.length) form.setAttribute("enctype", "multipart/form-data");
  else form.removeAttribute("enctype");
}
document.addEventListener("change", (event) => {
  if (event.target.matches("form[data-hand-form] input[type=file]")) photoEncoding(event.target.form);
});

// A photo's field (.file-choice): the chosen file's name in place of "No photo chosen".
document.addEventListener("change", (event) => {
  const input = event.target;
  if (!input.matches(".file-choice input[type=file]")) return;
  const name = input.closest(".file-choice").querySelector(".file-name");
  name.dataset.none ??= name.textContent;
  name.textContent = input.files.length ? input.files[0].name : name.dataset.none;
});

// A player coming back: the Seat choice follows to the seat that is theirs (templates/games/seats.html).
document.addEventListener("change", (event) => {
  const who = event.target;
  if (!who.matches("select[data-seat-choice]")) return;
  document.getElementById(who.dataset.seatChoice).value = who.selectedOptions[0].dataset.seat;
});

function enhance(root) {
  root.querySelectorAll("form[data-hand-form]").forEach(photoEncoding);
  // Steppers: − and + buttons around each count.
  root.querySelectorAll(".stepper input:not([data-enhanced])").forEach((input) => {
    input.dataset.enhanced = "1";
    const controls = document.createElement("span");
    controls.className = "controls";
    const button = (text, step, label) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.className = "icon";
      b.setAttribute("aria-label", label.replace("{label}", input.closest(".stepper").querySelector("label").textContent));
      b.addEventListener("click", () => {
        const value = Math.max(0, (readNumber(input.value) || 0) + step);
        input.value = shownDigits(value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    };
    const less = button("−", -1, words.less);
    const more = button("+", 1, words.more);
    input.replaceWith(controls);
    controls.append(less, input, more);
  });
}

// A save's answer leaves the next hand's fields out when they are the blank ones the page was
// given before (it says data-blank): the page keeps a copy of each hand form as it came, before
// anyone typed in it, and puts that back.
/* exported putBackBlank, readyForNextHand -- also offline.js's */
const blankForms = new Map();
function rememberBlank(root) {
  root.querySelectorAll("#hand-fields[data-form-key]").forEach((fields) => {
    if (fields.dataset.formKey && !blankForms.has(fields.dataset.formKey)) blankForms.set(fields.dataset.formKey, fields.innerHTML);
  });
}
// Put back in place, into the page's own fields, and not by htmx's swap: its clean-up of each
// field it took out and its copy of each new field's attributes for its settling took most of
// the phone's time after a save, 200 ms of it without a CPU slow-down (bench/wire.py).
// False when the page was never given that form.
function putBackBlank(fields, formKey = fields.dataset.formKey) {
  if (!blankForms.has(formKey)) return false;
  fields.dataset.formKey = formKey;
  fields.innerHTML = blankForms.get(formKey);
  htmx.process(fields);
  enhance(fields);
  fields.querySelectorAll(".picker[hidden]").forEach((picker) => { picker.hidden = false; });
  return true;
}
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const fields = event.detail.fragment.querySelector("#hand-fields[data-blank]");
  if (!fields) return;
  event.detail.shouldSwap = false;
  const target = event.detail.target;
  // The phone showed this blank form at the tap (offline.js): what was typed in it since stays.
  if (target.closest("form[data-moved-on]") && target.dataset.formKey === fields.dataset.formKey) return;
  if (!putBackBlank(target, fields.dataset.formKey)) location.reload();  // never given that form: the page as it is now
});
document.addEventListener("DOMContentLoaded", () => { rememberBlank(document); enhance(document); });
document.addEventListener("htmx:afterSettle", (event) => { rememberBlank(event.target); enhance(event.target); });

// Exactly one winner: choosing a new one sets the previous winner to the group's
// data-after-winner value ("seen" in Marriage), and the form says so instead of changing silently.
document.addEventListener("change", (event) => {
  const radio = event.target;
  if (radio.type !== "radio" || radio.value !== "winner" || !radio.checked) return;
  radio.form.querySelectorAll("input[type=radio][value=winner]:checked").forEach((other) => {
    if (other === radio) return;
    other.checked = false;
    const after = other.closest("[data-after-winner]");
    const replacement = after && other.form.querySelector(`input[name="${other.name}"][value="${after.dataset.afterWinner}"]`);
    if (replacement) replacement.checked = true;
    const note = radio.form.querySelector("[data-winner-note]");
    if (note && replacement) {
      const name = (element) => element.closest("fieldset").querySelector("legend").textContent;
      note.textContent = note.dataset.winnerNote.replace("{new}", name(radio)).replace("{old}", name(other))
        .replace("{status}", replacement.parentElement.textContent.trim());
    }
  });
});

// After a hand is posted: a saved hand brings the next hand's form to the top of the screen,
// ready for its first field; a refused one shows every problem beside the Save button (a photo's
// beside the photo).
document.addEventListener("htmx:afterSettle", (event) => {
  // htmx says afterSettle on every element an answer swapped in: this is done once, on the target's.
  if (event.target !== event.detail.target) return;
  const posted = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (posted && posted.hasAttribute("data-edit-form") && event.detail.xhr.status === 200) {
    document.getElementById("saved").scrollIntoView({ block: "start" });  // the correction is on the board
    return;
  }
  if (!posted || !posted.hasAttribute("data-hand-form")) return;
  const problems = document.getElementById("problems-end");
  if (problems) {
    problems.scrollIntoView({ block: "center" });
    problems.focus({ preventScroll: true });
    return;
  }
  const photoProblem = document.getElementById("entry-photo-error");
  if (photoProblem) {  // refused for its photo alone: the hand's fields are kept as typed
    photoProblem.scrollIntoView({ block: "center" });
    document.getElementById("entry-photo-file").focus({ preventScroll: true });
    return;
  }
  // Shown at the tap already (offline.js), and perhaps being typed in: left as it is, where it was
  // on the screen (the saved line above it may have grown).
  if (posted.isConnected && posted.hasAttribute("data-moved-on")) {
    delete posted.dataset.movedOn;
    window.scrollBy(0, posted.getBoundingClientRect().top - formTopBeforeAnswer);
    return;
  }
  readyForNextHand();
});
function readyForNextHand() {
  document.getElementById("table-main").scrollIntoView({ block: "start" });
  // The first field to type into: the choices (radio buttons) are a tap anyway.
  const first = document.querySelector("#new-hand form :is(input, select):not([type=hidden], [type=radio], [type=checkbox], [readonly])");
  if (first) first.focus({ preventScroll: true });
}

// A saved hand's answer replaces the Save button the tap left focused, and the browser lays the
// whole page out to move the focus off a button it removes, then again when htmx focuses its
// replacement, before the next hand's first field takes the focus anyway (bench/wire.py): let go
// of it first. Where the form was on the screen is noted too, for a form shown at the tap.
let formTopBeforeAnswer = 0;
document.addEventListener("htmx:beforeSwap", (event) => {
  const posted = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!posted || !posted.hasAttribute("data-hand-form") || event.detail.xhr.status !== 200) return;
  if (document.activeElement && document.activeElement.id === "entry-submit") document.activeElement.blur();
  formTopBeforeAnswer = posted.getBoundingClientRect().top;
});

// Seat order: move a player up or down.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-move]");
  if (!button) return;
  const seat = button.closest("li");
  const step = parseInt(button.dataset.move, 10);
  const sibling = step < 0 ? seat.previousElementSibling : seat.nextElementSibling;
  if (!sibling) return;
  if (step < 0) sibling.before(seat); else sibling.after(seat);
  button.focus();
});

// Ask before destructive posts.
document.addEventListener("submit", (event) => {
  const question = event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

// Card picker: tap a rank then a suit to add a card to the [data-cards] field beside it.
// In a group a joker stands for the card tapped after it (JK=7H); in a hand it is just JK.
document.querySelectorAll(".picker[hidden]").forEach((picker) => { picker.hidden = false; });
document.addEventListener("htmx:afterSettle", (event) => {
  event.target.querySelectorAll(".picker[hidden]").forEach((picker) => { picker.hidden = false; });
});
document.addEventListener("click", (event) => {
  const button = event.target.closest(".picker button");
  if (!button) return;
  const picker = button.closest(".picker");
  const field = picker.parentElement.querySelector("[data-cards]");
  const state = picker.querySelector(".picker-state");
  const groups = picker.dataset.mode === "groups";
  const append = (text) => { field.value = (field.value.trim() + " " + text).trim(); };
  if (button.dataset.rank) {
    picker.dataset.rank = button.dataset.rank;
  } else if (button.dataset.suit && picker.dataset.rank) {
    append((picker.dataset.joker ? "JK=" : "") + picker.dataset.rank + button.dataset.suit);
    delete picker.dataset.rank;
    delete picker.dataset.joker;
  } else if ("joker" in button.dataset) {
    if (groups) picker.dataset.joker = "1"; else append("JK");
  } else if ("nextGroup" in button.dataset) {
    if (field.value.trim() && !field.value.trim().endsWith("/")) append("/");
  } else if ("undo" in button.dataset) {
    field.value = field.value.trim().split(/\s+/).slice(0, -1).join(" ");
  }
  const pending = (picker.dataset.joker ? "JK= " : "") + (picker.dataset.rank || "");
  state.textContent = pending ? pending + " …" : "";
  field.dispatchEvent(new Event("input", { bubbles: true }));
});
// A card counter writes what the cards are worth into the field it counts into (data-counts-into),
// which then follows the counter (read only) until the cards are cleared. While the cards are
// changing the field is emptied, so that a save never sends a stale number.
document.addEventListener("input", (event) => {
  if (!event.target.matches("[data-counts-into]")) return;
  const into = document.getElementById(event.target.dataset.countsInto);
  if (!into) return;
  into.value = "";
  into.readOnly = event.target.value.trim() !== "";
});
document.addEventListener("cards-counted", (event) => {
  const field = document.getElementById(event.detail.field);
  const into = field && document.getElementById(field.dataset.countsInto || "");
  if (!into || field.value !== event.detail.text) return;
  into.value = String(event.detail.value);
  into.readOnly = true;
});
// The picker's total follows its field, whether cards are tapped or typed (the server adds them up).
document.addEventListener("input", (event) => {
  if (!event.target.matches("[data-cards]")) return;
  const total = event.target.closest(".counter, .set-form").querySelector(".picker .picker-total");
  if (total) total.dispatchEvent(new Event("cards-changed"));
});

// Live board: no polling while the page is hidden (the phone is in a pocket).
document.addEventListener("htmx:beforeRequest", (event) => {
  if (document.hidden && event.detail.elt.hasAttribute("data-live")) event.preventDefault();
});

// Scorekeeper: keep the screen on while the table is open (Screen Wake Lock, where the browser has
// it; the choice, a box to tick, is remembered on this phone). A TV board keeps it on with no box
// to tick (data-wake-lock on another element). The browser lets go when the page is hidden, so
// the lock is taken again when it comes back.
(() => {
  const marked = document.querySelector("[data-wake-lock]");
  if (!marked || !("wakeLock" in navigator)) return;
  const toggle = marked.matches("input[type=checkbox]") ? marked : null;
  let lock = null;
  const hold = async () => {
    if ((toggle && !toggle.checked) || document.hidden || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch {  // refused (e.g. battery saver): the screen simply may turn off
      lock = null;
    }
  };
  if (toggle) {
    toggle.closest("label").hidden = false;
    toggle.checked = localStorage.getItem("cardscore-wake-lock") !== "off";
    toggle.addEventListener("change", () => {
      localStorage.setItem("cardscore-wake-lock", toggle.checked ? "on" : "off");
      if (toggle.checked) hold(); else if (lock) lock.release();
    });
  }
  document.addEventListener("visibilitychange", hold);
  hold();
})();


// A correction opened in the table's page (#explained) has the same field ids as the next hand's
// form just above it (maal-0…), so while it is open the next hand's card is set aside, with what
// was typed in it, and put back when the correction is saved or closed.
let entrySetAside = null;
function putBackEntry() {
  if (entrySetAside && !document.getElementById("new-hand")) document.getElementById("explained").before(entrySetAside);
  entrySetAside = null;
}
document.addEventListener("htmx:configRequest", (event) => {
  // The correction's answer leaves the next hand's form out when the one set aside is still the one to fill.
  const formKey = entrySetAside && entrySetAside.querySelector("[name=form_key]");
  if (formKey && event.detail.elt.matches("[data-edit-form]")) event.detail.parameters.form_key = formKey.value;
});
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.target.id === "explained") putBackEntry();  // before the answer, which may redraw it
  if (event.detail.target.id === "table-main") entrySetAside = null;  // the whole table, its own entry with it
});
document.addEventListener("htmx:afterSwap", () => {
  const entry = document.getElementById("new-hand");
  if (!document.querySelector("#explained [data-edit-form]")) putBackEntry();
  else if (entry) {
    entrySetAside = entry;
    entry.remove();
  }
});

// A hand worked out (or its correction), opened on the board (htmx): "Back to the board" closes it where it is and
// returns to the hand's number on the board.
document.addEventListener("click", (event) => {
  const back = event.target.closest("#explained [data-close-explained]");
  if (!back) return;
  event.preventDefault();
  const shown = document.getElementById("explained");
  const number = shown.querySelector("[data-hand]").dataset.hand;
  shown.replaceChildren();
  putBackEntry();
  const link = [...document.querySelectorAll("#board .hand-link")].find((a) => String(readNumber(a.textContent)) === number);
  if (link) link.focus();
});
