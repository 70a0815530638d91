// The 24 Game's enhancements (alone and in a table race); loaded on its pages after cardscore.js, whose helpers (readNumber, shownDigits,
// shownNumber) it uses. Every form works without it.
"use strict";

// The timer runs from the deal (the server measures the time that counts). The server
// renders the seconds so far (data-seconds) with every pad, so a pad swapped in by a key press
// never shows 0:00; counting on from that value rather than from the deal's date keeps a phone
// whose clock is off in step with the server. Run at once after a swap to start counting there.
function tickTimers() {
  document.querySelectorAll(".timer[data-seconds]").forEach((timer) => {
    if (!timer.dataset.since) timer.dataset.since = String(Date.now() - parseInt(timer.dataset.seconds, 10) * 1000);
    const seconds = Math.max(0, Math.floor((Date.now() - parseInt(timer.dataset.since, 10)) / 1000));
    timer.querySelector("output").textContent = shownDigits(Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0"));
  });
}
setInterval(tickTimers, 500);
document.addEventListener("DOMContentLoaded", tickTimers);
document.addEventListener("htmx:afterSettle", tickTimers);

// A table race: remember which player this phone plays for, so the live board keeps it.
document.addEventListener("change", (event) => {
  const select = event.target.closest("select[data-cookie]");
  if (!select) return;
  document.cookie = `${select.dataset.cookie}=${encodeURIComponent(select.value)}; path=/; max-age=2592000; samesite=lax`;
  // The hint asking who plays on this phone is answered once a player is chosen.
  const help = document.getElementById("race-player-help");
  if (help) help.hidden = Boolean(select.value);
});
