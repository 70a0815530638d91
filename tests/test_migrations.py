"""The models and their migrations agree: a change to a model (or to a choice the registry gives a
field) without its migration fails here, not on a server's first start."""

import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_every_model_change_has_its_migration():
    said = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=said)
    except SystemExit:  # what --check does when a migration is missing
        pytest.fail(f"a migration is missing (manage.py makemigrations):\n{said.getvalue()}", pytrace=False)
    assert "No changes detected" in said.getvalue()
