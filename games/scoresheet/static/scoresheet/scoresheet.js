// The score sheet's enhancements, loaded on its pages after cardscore.js. A box takes a number or a
// sum typed at the table (12+11+7, -4): with this script it opens the phone's number pad, quicker
// for the plain numbers most hands are, and the keys beside it type the − and + the pad lacks.
// Without it the box keeps the full keyboard.
"use strict";

function numberPads(root) {
  root.querySelectorAll(".sum-box input[inputmode=text]").forEach((box) => {
    box.inputMode = "numeric";
    box.parentElement.querySelectorAll("[data-types]").forEach((key) => { key.hidden = false; });
  });
}
document.addEventListener("DOMContentLoaded", () => numberPads(document));
document.addEventListener("htmx:afterSettle", (event) => numberPads(event.target));

// A key types at the caret and leaves the focus (and so the keyboard) where it was.
document.addEventListener("pointerdown", (event) => {
  if (event.target.closest(".sum-box [data-types]")) event.preventDefault();
});
document.addEventListener("click", (event) => {
  const key = event.target.closest(".sum-box [data-types]");
  if (!key) return;
  const box = key.parentElement.querySelector("input");
  const typing = document.activeElement === box;
  const start = typing ? box.selectionStart : box.value.length;
  const end = typing ? box.selectionEnd : box.value.length;
  box.setRangeText(key.dataset.types, start, end, "end");
  box.focus();
  box.dispatchEvent(new Event("input", { bubbles: true }));
});
