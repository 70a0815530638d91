"""A server whose Pillow cannot lay out Nepali and Arabic (no FriBiDi on the machine) says so in
its system checks, at every start, instead of drawing result cards letter by letter."""

from django.core import checks

from games.pages import result_card


def test_no_warning_where_raqm_works(monkeypatch):
    monkeypatch.setattr(result_card.features, "check", lambda feature: feature == "raqm")
    assert result_card.check_layout() == []


def test_a_server_without_raqm_is_warned_with_the_package_to_install(monkeypatch):
    monkeypatch.setattr(result_card.features, "check", lambda feature: False)
    (warning,) = result_card.check_layout()
    assert warning.id == "cardscore.W002"
    assert "libfribidi0" in warning.hint


def test_the_check_runs_with_djangos_checks(monkeypatch):
    monkeypatch.setattr(result_card.features, "check", lambda feature: False)
    assert "cardscore.W002" in [message.id for message in checks.run_checks()]
