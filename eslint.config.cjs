// ESLint's recommended rules over the site's scripts (scripts/lint installs ESLint beside the venv
// and runs it). They are classic scripts, not modules: cardscore.js and offline.js share the
// page's globals, and a game's own script uses cardscore.js's helpers. templates/sw.js is a
// template (Django fills in its shell), not a script.
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  js.configs.recommended,
  {
    files: ["static/**/*.js", "games/*/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, htmx: "readonly" },
    },
  },
  {
    files: ["static/offline.js", "games/*/static/**/*.js"],
    languageOptions: { globals: { readNumber: "readonly", shownDigits: "readonly", shownNumber: "readonly" } },
  },
  {
    files: ["static/offline.js"],
    languageOptions: { globals: { putBackBlank: "readonly", readyForNextHand: "readonly" } },
  },
];
