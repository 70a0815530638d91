import copy

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.errors import InputError

from .gameforms import HAND_FORMS
from .models import PointTable
from .services import clean_players


class NewTableForm(forms.Form):
    """A table's name, players in seat order and house rules (starting from the point table)."""

    name = forms.CharField(label=_("Table name"), max_length=80)

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        self.game = game
        self.engine = scoring.get_game(game)
        defaults = PointTable.rules_for(game)
        for key, field in HAND_FORMS[game].RULE_FIELDS.items():
            self.fields[key] = copy.deepcopy(field)
            self.initial.setdefault(key, defaults[key])
        self.base_rules = defaults
        names = self.data.getlist("player") if self.is_bound else []
        self.player_names = [name.strip() for name in names if name.strip()]

    def player_slots(self):
        """Names typed so far, padded with empty seats up to the game's maximum."""
        slots = self.player_names[: self.engine.MAX_PLAYERS]
        return slots + [""] * (self.engine.MAX_PLAYERS - len(slots))

    def clean(self):
        cleaned = super().clean()
        try:
            self.players = clean_players(self.game, self.player_names)
        except InputError as error:
            message = error.message if error.player is None else f"{error.player}: {error.message}"
            self.add_error(None, message[:1].upper() + message[1:])
        if self.errors:
            return cleaned
        rules = dict(self.base_rules)
        for key in HAND_FORMS[self.game].RULE_FIELDS:
            value = cleaned[key]
            rules[key] = float(value) if key == "point_rate" else value
        try:
            self.rules = self.engine.validate_rules(rules)
        except InputError as error:
            self.add_error(error.field if error.field in self.fields else None, error.message)
        return cleaned


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Table file (.json)"))
