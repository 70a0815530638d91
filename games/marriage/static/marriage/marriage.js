// Nepali Marriage's enhancements; loaded on its pages after cardscore.js, whose helpers (readNumber, shownDigits,
// shownNumber) it uses. Every form works without it.
"use strict";

// The maal counter writes what it found into the Maal field, which then follows the
// counter (read only) until every count is back to 0. While a count is changing the field is
// emptied, so that a save never sends a number the counter no longer shows.
document.addEventListener("input", (event) => {
  const steppers = event.target.closest(".counter .steppers");
  if (!steppers) return;
  const field = document.getElementById(`maal-${steppers.closest("[data-seat]").dataset.seat}`);
  const counting = [...steppers.querySelectorAll("input")].some((input) => (readNumber(input.value) || 0) !== 0);
  field.value = "";
  field.readOnly = counting;
});
document.addEventListener("maal-counted", (event) => {
  const field = document.getElementById(`maal-${event.detail.seat}`);
  if (!field) return;
  // An answer to counts changed since (a slow answer overtaken by the next tap) is not shown.
  const current = Object.entries(event.detail.counts).every(([name, value]) => {
    const input = document.getElementById(`${name}-${event.detail.seat}`);
    return input && input.value === value;
  });
  if (!current) return;
  field.readOnly = event.detail.maal !== null;
  field.value = event.detail.maal === null ? "" : shownDigits(event.detail.maal);
});
