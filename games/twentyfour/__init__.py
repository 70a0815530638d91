"""The 24 Game on the web: the expression pad, a puzzle alone (/24/) and the table race."""
