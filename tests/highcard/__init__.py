"""High card: a game that exists only for the tests, to prove that a game is one folder.

Every player draws a card and types its value; the highest value alone wins the hand and scores
1 point (a tie scores nothing). It is registered only in tests/settings.py, and everything it
needs is in this folder: the engine, its descriptor, its templates and its tests.
"""
