"""The hand forms every game shares (games/sdk/hand_forms.py): the number field, the field names the
form owns, and every problem of a post put under its player's part."""

import pytest
from django.core.exceptions import ValidationError

from games.sdk.hand_forms import WholeNumberField
from games.sdk.registry import get_game
from scoring.errors import InputError
from tests.fixtures import GAMES, SAMPLES, fresh_table


@pytest.mark.parametrize("typed", ["12", "١٢", "१२", " 12 "])
def test_the_number_field_reads_western_arabic_indic_and_devanagari_digits(typed):
    assert WholeNumberField().clean(typed) == 12


def test_the_number_field_refuses_text_and_reads_an_empty_box_as_its_blank():
    with pytest.raises(ValidationError):
        WholeNumberField().clean("12x")
    assert WholeNumberField().clean("") == 0
    assert WholeNumberField(blank=None).clean("") is None
    with pytest.raises(ValidationError):
        WholeNumberField(blank=None, blank_message="enter a number").clean("")


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_samples_post_the_field_names_the_form_gives(owner, game):
    """The names a post carries are the form's: `<field>-<seat>` for a player's part, the field's
    own for the hand (a game whose form takes no post, the race, names none)."""
    table = fresh_table(game, owner)
    form = get_game(game).form_class(table, table.state["hands"] + 1)
    seat_fields = {name for row in form.rows for name in row.fields}
    if seat_fields or form.fields:
        assert seat_fields == set(SAMPLES[game]["seat_fields"])
        assert set(form.fields) == set(SAMPLES[game]["hand_fields"])
    for row in form.rows:
        assert {row[name].html_name for name in row.fields} == {f"{name}-{row.seat}" for name in row.fields}


@pytest.mark.django_db
def test_every_problem_of_a_post_is_under_its_players_part(owner):
    table = fresh_table("thirteen", owner)
    data = {"bid-0": "x", "bid-1": "", "bid-2": "1", "bid-3": "१"}
    form = get_game("thirteen").form_class(table, 2, data=data)
    with pytest.raises(InputError) as refused:
        form.hand_inputs()
    page = form.page(refused.value)
    assert [(problem["player"], problem["field"]) for problem in page["problems"]] == [
        ("Asha", "bid"),
        ("Bikram", "bid"),
    ]
    assert {row.name: row.invalid for row in form.rows} == {
        "Asha": {"bid"},
        "Bikram": {"bid"},
        "Charlie": set(),
        "David": set(),
    }
