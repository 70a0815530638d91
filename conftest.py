# The shared fixtures and helpers, for the tests in tests/ and in each game's folder (games/<game>/tests/):
# pytest takes plugins from the root conftest only.
pytest_plugins = ["tests.fixtures", "tests.browser.fixtures"]
