# The shared fixtures and helpers (tests/fixtures.py).
pytest_plugins = ["tests.fixtures"]
