import copy

from django import forms
from django.forms.utils import ErrorDict
from django.utils.functional import cached_property
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from games.models import PointTable
from games.plumbing.language import language_choices, western_digits
from games.sdk import problems
from games.sdk.registry import get_game
from games.services import draw
from games.services.table_file import MAX_FILE_BYTES, MAX_FILE_MB
from games.services.tables import clean_colors, clean_players
from scoring import checks
from scoring.errors import InputError

# The house rules of a game played for money (its engine's point_rate and currency).
MONEY_RULE_FIELDS = {
    "point_rate": forms.DecimalField(label=_("Money per point")),
    "currency": forms.CharField(label=_("Currency"), max_length=10, required=False),
}

# What a box of the form says when it cannot be read, in the engine's words (it checks the rules' bounds).
FIELD_MESSAGES = {"required": capfirst(_("is missing")), "invalid": capfirst(_("must be a number"))}
WHOLE_NUMBER_MESSAGES = {**FIELD_MESSAGES, "invalid": capfirst(_("must be a whole number"))}

# A game for more players than this shows SEATS_SHOWN seats, the rest behind "More players".
MOST_SEATS_SHOWN = 10
SEATS_SHOWN = 8


def visible_name(value):
    """A name checked as a table file's is (scoring.checks.visible), said beside its field."""
    try:
        checks.visible(value)
    except InputError as error:
        raise forms.ValidationError(capfirst(problems.message(error)), code="invisible") from None


class NewTableForm(forms.Form):
    """A table's name, players in seat order and house rules (starting from the point table).

    Its "Draw seats" and "Draw the first dealer" buttons post it with `draw` ("seats", "dealer"):
    the form then checks only the players, and draw_again() deals them out again (the form is shown
    back). What was drawn travels signed in the hidden `drawn` field; `drawn` (the form's
    attribute) is what of it holds for the players as they are posted now."""

    DRAWS = ("seats", "dealer")

    name = forms.CharField(
        label=_("Table name"), max_length=80, validators=[visible_name], error_messages=FIELD_MESSAGES
    )
    language = forms.ChoiceField(
        label=_("Language of the table"),
        required=False,
        widget=forms.Select(attrs={"aria-describedby": "language-help"}),
        help_text=_("Every phone shows the table in it, unless the phone chose its own."),
    )

    def __init__(self, game, *args, drawing=None, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)
        self.drawing = drawing if drawing in self.DRAWS else None
        self.game = game
        described = get_game(game)
        self.rule_fields, self.engine = described.rule_fields, described.engine
        defaults = PointTable.rules_for(game)
        self.fields["language"].choices = [("", _("each phone's own")), *language_choices()]
        numbers = [key for key, field in self.rule_fields.items() if isinstance(field, forms.IntegerField)]
        if self.is_bound:  # a number typed with the phone's own digits (١٢, १२) reads as 12
            self.data = self.data.copy()
            for key in numbers:
                self.data[key] = western_digits(self.data.get(key, ""))
        for key, field in self.rule_fields.items():
            self.fields[key] = copy.deepcopy(field)
            self.fields[key].error_messages.update(
                WHOLE_NUMBER_MESSAGES if isinstance(field, forms.IntegerField) else FIELD_MESSAGES
            )
            if key in numbers:  # a number field would refuse those digits in the browser
                self.fields[key].widget = forms.TextInput(
                    attrs={"inputmode": "decimal" if key == "point_rate" else "numeric", "autocomplete": "off"}
                )
            # A field's own initial value wins (a blank name box, where the default is a word in
            # one language); else the point table's (an optional rule may be absent).
            self.initial.setdefault(key, defaults.get(key) if field.initial is None else field.initial)
        self.base_rules = defaults
        self.colors, self.seat_help = described.color_choices, described.seat_help
        names = self.data.getlist("player") if self.is_bound else []
        colors = self.data.getlist("color") if self.is_bound else []
        typed = [(name.strip(), color) for name, color in zip(names, colors + [""] * len(names)) if name.strip()]
        self.player_names = [name for name, _color in typed]
        self.player_colors = [color for _name, color in typed]
        self.drawn_token = self.data.get("drawn", "") if self.is_bound else ""
        self.drawn = draw.holding(draw.read(self.drawn_token), self.player_names)

    @cached_property
    def deals(self):
        """Whether somebody deals in this game: only then is there a first dealer to draw."""
        return draw.deals(self.engine, self.base_rules)

    def full_clean(self):
        if not self.drawing:
            super().full_clean()
            return
        # A draw checks only the players: the name and the rules are checked when the table starts.
        self._errors, self.cleaned_data = ErrorDict(renderer=self.renderer), {}
        self._clean_players()

    def draw_again(self):
        """Draw what the button asked for (is_valid() first): the players in their new seats, each
        with their colour, and the drawn order and dealer said in the form."""
        earlier = draw.read(self.drawn_token)
        if self.drawing == "dealer" and not self.deals:  # the form offers no such draw
            self.drawn = draw.holding(earlier, self.players)
            return
        colors = dict(zip(self.players, self.player_colors))
        self.player_names, self.drawn = draw.again(self.drawing, earlier, self.players)
        self.player_colors = [colors[name] for name in self.player_names] if colors else []
        self.drawn_token = draw.sign(self.drawn, self.player_names)

    def drawn_words(self):
        """The lines saying what was drawn, as the form shows them."""
        return draw.words(self.drawn)

    @property
    def folded_seats(self):
        """Past how many seats the rest are folded away (None: every seat shows). A game for up to
        20 players (a score sheet) would open with 20 boxes for a table of four."""
        return SEATS_SHOWN if self.engine.MAX_PLAYERS > MOST_SEATS_SHOWN else None

    @property
    def folded_seats_open(self):
        """Whether the folded seats start open: a refused form shows what was typed in them."""
        return self.folded_seats is not None and len(self.player_names) > self.folded_seats

    def player_slots(self):
        """(name, colour, whether another player typed wears that colour too) per seat: what was
        typed, padded with empty seats to the game's maximum."""
        seats = self.engine.MAX_PLAYERS
        names = self.player_names[:seats] + [""] * (seats - len(self.player_names[:seats]))
        default_colors = [value for value, _label in self.colors]
        colors = self.player_colors[:seats] + default_colors[len(self.player_colors) :]
        slots = [(name, colors[seat] if seat < len(colors) else "") for seat, name in enumerate(names)]
        return [(name, color, bool(name) and self.player_colors.count(color) > 1) for name, color in slots]

    def _clean_players(self):
        try:
            self.players = clean_players(self.game, self.player_names)
            if self.colors:
                clean_colors(self.game, self.player_colors, len(self.players))
        except InputError as error:
            self.add_error(None, capfirst(problems.text(error, get_game(self.game))))

    def clean(self):
        cleaned = super().clean()
        self._clean_players()
        self._clean_rules(cleaned)
        if self.errors:
            return cleaned
        # Only what the server drew for these very seats counts as drawn (a dealer: for these players).
        earlier = draw.read(self.drawn_token)
        self.drawn = draw.holding(earlier, self.players)
        if not self.deals:
            self.drawn.pop("dealer", None)
        # Seats moved, or players changed, since the draw: the table is not said to be drawn.
        self.draw_undone = any(kind in earlier and kind not in self.drawn for kind in self.DRAWS)
        self.color_map = dict(zip(self.players, self.player_colors)) if self.colors else {}
        return cleaned

    def _clean_rules(self, cleaned):
        """The house rules checked by the engine, whatever else is wrong in the form: each rule that
        could be read on its own first (so that one save says every wrong rule), then all together."""
        typed = {
            key: float(cleaned[key]) if key == "point_rate" and cleaned[key] is not None else cleaned[key]
            for key in self.rule_fields
            if key in cleaned
        }
        wrong = False
        for key, value in typed.items():
            try:
                self.engine.validate_rules({**self.base_rules, key: value})
            except InputError as error:
                self.add_error(error.field if error.field in self.fields else None, capfirst(problems.message(error)))
                wrong = True
        if wrong or len(typed) < len(self.rule_fields):
            return
        try:
            self.rules = self.engine.validate_rules({**self.base_rules, **typed})
        except InputError as error:
            self.add_error(error.field if error.field in self.fields else None, capfirst(problems.message(error)))


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Table file (.json)"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)

    def clean_file(self):
        """The upload, refused by its size before anything reads it."""
        file = self.cleaned_data["file"]
        if file.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("This file is too big: a table file can be at most %(size)s MB."),
                code="too_big",
                params={"size": MAX_FILE_MB},
            )
        return file
