// Thirteen's enhancements; loaded on its pages after cardscore.js, whose helpers (readNumber, shownDigits,
// shownNumber) it uses. Every form works without it.
"use strict";

// "Bids remaining" follows the bids as they are typed (information only).
document.addEventListener("input", (event) => {
  if (!event.target.matches("[data-sum=bids]")) return;
  const form = event.target.form;
  const remaining = form.querySelector("[data-remaining]");
  if (!remaining) return;
  let total = 0;
  form.querySelectorAll("[data-sum=bids]").forEach((input) => { total += readNumber(input.value) || 0; });
  remaining.querySelector("[data-remaining-value]").textContent = shownNumber(parseInt(remaining.dataset.remaining, 10) - total, false);
});
