"""Hand entry on Django forms: what every game's hand form shares.

A game's form (`games/<game>/forms.py`) is a `HandForm`: the hand's own fields (Thirteen's trump)
and one `SeatForm` per player seated for the hand, whose fields are named `<field>-<seat>`
("maal-2"). Those names are the form's: the templates, the script, the tests and the hands a
phone kept while offline all post them. `clean()` reads every part, asks the engine about the
hand and puts each problem on its player's field, so that one save shows every problem at once.
"""

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.functional import Promise

from games.sdk import problems as words
from games.sdk.typed import whole_number
from scoring.base import Engine, Entry, Hand
from scoring.errors import InputError, Problems

if TYPE_CHECKING:  # games.models imports the registry, which imports this module
    from games.models import Table

TYPING = "typing"  # the code of a field's error: what was typed cannot be read


class ListedProblem(TypedDict):
    """A problem of a refused save as the page lists it (listed_problems)."""

    player: str | None
    field: str | None
    label: str | Promise
    message: str
    hand: int | None
    target: str


class TextField(forms.Field):
    """Text as posted (no stripping, no validators of its own: the engine says what is wrong with
    it); a missing value is shown as an empty box. With `kept_when_absent`, a post without the
    field shows what is stored (Thirteen's books form carries no bids)."""

    def __init__(self, *, kept_when_absent: bool = False, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.kept_when_absent = kept_when_absent

    def bound_data(self, data: Any, initial: Any) -> Any:
        return initial if data is None and self.kept_when_absent else data

    def prepare_value(self, value: Any) -> Any:
        return "" if value is None else value


class WholeNumberField(TextField):
    """A whole number typed on a phone, in Western, Arabic-Indic or Devanagari digits. An empty box
    is `blank` (0 by default), or refused with `blank_message`; a post without the field gives
    None then."""

    def __init__(self, *, blank: int | None = 0, blank_message: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.blank, self.blank_message = blank, blank_message

    def to_python(self, value: str | None) -> int | None:
        try:
            number = whole_number(value, blank=self.blank)
        except InputError as error:
            raise ValidationError(error.message, code=TYPING, params=error.params) from None
        if number is None and value is not None and self.blank_message:
            raise ValidationError(self.blank_message, code=TYPING)
        return number


class TickBox(forms.CheckboxInput):
    """Ticked when posted as a browser posts a ticked box ("on"), and only then."""

    def value_from_datadict(self, data: Mapping[str, Any], files: Mapping[str, Any], name: str) -> bool:
        return data.get(name) == "on"


class TickField(forms.BooleanField):
    widget = TickBox

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)


def input_errors(form: forms.BaseForm, player: str | None = None) -> list[InputError]:
    """The errors of a form's fields as the engine's InputErrors (untranslated, with their values),
    in the order of its fields."""
    return [
        # The fields above raise the engine's English templates (gettext_noop), never a lazy translation.
        InputError(cast(str, error.message), params=error.params, player=player, field=name)
        for name in form.fields
        for error in form.errors.as_data().get(name, ())
    ]


def posted(form: forms.BaseForm, name: str) -> bool:
    """Whether the post carries the field `name` (a stage's form carries only its own)."""
    return form[name].data is not None


class SeatForm(forms.Form):
    """One player's part of a hand: `entry()` is their inputs in the table file's shape, from the
    fields that could be read (a field that could not is left out: the engine checks the rest)."""

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        table: "Table",
        seat: int,
        name: str,
        initial: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(data, prefix=str(seat), initial=initial)
        self.table, self.seat, self.name = table, seat, name
        self.problems: list[ListedProblem] = []  # what is wrong in this part, as the page lists it under the player

    def add_prefix(self, field_name: str) -> str:
        return f"{field_name}-{self.prefix}"

    @property
    def invalid(self) -> set[str | None]:
        """The fields a problem names: the page marks them aria-invalid."""
        return {problem["field"] for problem in self.problems}

    def typing_errors(self) -> list[InputError]:
        """What could not be read in this part (InputErrors naming the player and the field)."""
        return input_errors(self, self.name)

    def entry(self, problems: Problems) -> Entry | None:
        """The player's inputs from the fields that could be read; what cannot be made of them is
        added to `problems` (scoring.errors.Problems). None: the player is not in the hand (a
        game where a player may sit a hand out)."""
        return dict(self.cleaned_data)

    def shown(self) -> list[Any]:
        """What this part shows, as plain data (the key of the cached form)."""
        return [self.name, {name: self[name].value() for name in self.fields}, self.problems]


class StagedSeatForm(SeatForm):
    """A player's part of a hand entered in steps (a call, then what was taken): a step's form
    posts only its own fields, and what it does not carry is kept from what is stored. Players
    wear the table's colours."""

    @property
    def color(self) -> str:
        return cast(str, self.table.colors.get(self.name, ""))  # player name -> colour key

    def entry(self, problems: Problems) -> Entry:
        entry = dict(self.initial)
        entry.update({name: value for name, value in self.cleaned_data.items() if posted(self, name)})
        return entry


class HandForm(forms.Form):
    """Hand `number` of `table`: `inputs` are what is stored of it (None for a new hand); posted
    `data` binds it. Its players' parts are `rows`, in the order the page shows them."""

    seat_form: type[SeatForm] = SeatForm

    def __init__(
        self, table: "Table", number: int, inputs: Hand | None = None, data: Mapping[str, Any] | None = None
    ) -> None:
        self.table, self.number, self.base = table, number, inputs
        super().__init__(data, initial=self.hand_initial(inputs))
        self.rows = [
            self.seat_form(data, table=table, seat=seat, name=name, initial=self.seat_initial(name, inputs))
            for seat, name in self.seating()
        ]
        self.problems = Problems()
        self.inputs: Hand | None = None

    def seating(self) -> Iterable[tuple[int, str]]:
        """(seat, name) of each player of the hand, in the order the form shows them."""
        return enumerate(self.table.seated_for(self.number))

    def hand_initial(self, inputs: Hand | None) -> dict[str, Any]:
        return {}

    def seat_initial(self, name: str, inputs: Hand | None) -> dict[str, Any]:
        return cast(Entry, (inputs or {}).get(name, {}))

    @classmethod
    def title(cls, number: int, inputs: Hand | None) -> str | Promise:
        """What the form calls hand `number` with these stored inputs ("Hand 3", "Round 4 · books"):
        its heading, and the hand's name in the history and the saved message. A class method:
        naming a hand builds no form (every save names one)."""
        raise NotImplementedError

    def context(self) -> dict[str, Any]:
        """What the page says around the form (entry_title, entry_note, submit_label...) and the
        choices its template offers."""
        raise NotImplementedError

    def hand_entry(self) -> Entry:
        """The hand's own inputs (its "_hand" entry), from the fields that could be read."""
        return {}

    def own_inputs(self) -> Hand:
        """What the hand's own fields give of its inputs: its "_hand" entry. A game whose hand is
        told by the hand's fields alone (a bidding game's bidder and bid) gives its whole inputs here."""
        hand = self.hand_entry()
        return {"_hand": hand} if hand else {}

    def clean(self) -> dict[str, Any]:
        """The hand's inputs from every part; where something could not be read, the engine checks
        the rest too, so that one save reports every problem (saving checks a hand that reads well)."""
        for row in self.rows:
            row.full_clean()
        for error in input_errors(self):
            self.problems.add(error)
        inputs: Hand = {}
        for row in self.rows:
            for error in row.typing_errors():
                self.problems.add(error)
            if (entry := row.entry(self.problems)) is not None:
                inputs[row.name] = entry
        inputs.update(self.own_inputs())
        if self.problems:
            table = self.table
            if self.number == table.state["hands"] + 1:
                state = table.state
            else:
                state = table.state_before(table.hands.filter(number__lt=self.number).values_list("inputs", flat=True))
            with self.problems.check():
                table.engine.validate_hand(table.rules, state["seated"], inputs, hand=self.number, state=state)
        self.inputs = inputs
        return self.cleaned_data

    def hand_inputs(self) -> Hand | None:
        """The posted hand's inputs, or InputError listing every problem found in it."""
        self.full_clean()
        self.problems.raise_found()
        return self.inputs

    def refused(self, error: InputError) -> list[ListedProblem]:
        """Every problem of the refused save, listed for the page and under its player's part."""
        listed = listed_problems(self.table, self.number, error)
        for row in self.rows:
            row.problems = [problem for problem in listed if problem["player"] == row.name]
        return listed

    def page(self, error: InputError | None = None) -> dict[str, Any]:
        """What the hand's template is given: the words around it, its rows and, after a refused
        save, every problem."""
        listed = self.refused(error) if error else []
        return {**self.context(), "form": self, "rows": self.rows, "problems": listed}

    def shown(self) -> list[Any]:
        """Everything the form shows, as plain data (the key of the cached form)."""
        return [{name: self[name].value() for name in self.fields}, [row.shown() for row in self.rows]]


class StagedHandForm(HandForm):
    """A hand entered in steps (its engine's STAGES), each step's form posting only its own
    fields: `titles` names the form at each step, and at "edit" once the hand is complete."""

    seat_form: type[SeatForm] = StagedSeatForm
    engine: ClassVar[Engine]  # the game's engine (scoring/<game>.py)
    titles: ClassVar[dict[str, str | Promise]] = {}  # step (or "edit") -> title, with %(number)s

    @classmethod
    def stage_of(cls, inputs: Hand | None) -> str:
        """The step a hand with these stored inputs (None: a new hand) waits for, "edit" once complete."""
        return cls.engine.next_stage(inputs) or "edit"

    @classmethod
    def title(cls, number: int, inputs: Hand | None) -> str | Promise:
        return cls.titles[cls.stage_of(inputs)] % {"number": cls.round_of(number)}

    @staticmethod
    def round_of(number: int) -> int:
        """What the game calls hand `number`'s round (the same number, unless the game ends its count)."""
        return number


def listed_problems(table: "Table", number: int, error: InputError) -> list[ListedProblem]:
    """Hand `number` refused with `error`: every problem as the page lists it, in seat order, each
    linking to its player's part of the form (or to the form itself). A problem the change makes in
    a later hand (an elimination that no longer holds) names that hand."""
    game = table.game_descriptor
    seats = {name: seat for seat, name in enumerate(table.players)}
    return [
        {
            "player": problem.player,
            "field": problem.field,
            "label": game.field_label(problem.field),
            "message": words.message(problem),
            "hand": problem.hand if problem.hand not in (None, number) else None,
            "target": f"seat-{seats[problem.player]}" if problem.player in seats else "new-hand",
        }
        for problem in sorted(error.problems, key=lambda problem: seats.get(problem.player, -1))
    ]
