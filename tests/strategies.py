"""Where each game's hypothesis strategies are: its own folder (<app>/tests/strategies.py), with
valid tables, rules and raw hands that the game's engine accepts, played hand by hand. The game's
property tests draw from them, and so does every "for each game" test, through
SAMPLES[slug]["tables"] (each game's tests/samples.py imports its strategies: nothing there may
import tests.fixtures)."""

from importlib import import_module

from django.apps import apps

from games.sdk import registry


def of_game(slug):
    """The strategies module of the game `slug`, in its own folder (<app>/tests/strategies.py)."""
    app = apps.get_containing_app_config(registry.get_game(slug).form_class.__module__)
    return import_module(f"{app.name}.tests.strategies")
