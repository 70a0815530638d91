"""A fresh server, started as the README says (scripts/serve), can be claimed only with the setup
link it printed: the code is made in one process and checked in a gunicorn worker."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.fixtures import free_port, manage_env, served_database_url, server_process


@pytest.mark.slow
def test_a_fresh_server_refuses_setup_without_the_printed_code_and_accepts_it_with_it(page, transactional_db, tmp_path):
    port = free_port()
    env = manage_env(tmp_path / "data", DATABASE_URL=served_database_url(), WEB_CONCURRENCY="1")
    log = tmp_path / "serve.log"
    with server_process(["scripts/serve", "--host", "127.0.0.1", str(port)], port, env, log):
        output = log.read_text()
        site = f"http://127.0.0.1:{port}"
        assert f"Listening at: {site} " in output  # --host 127.0.0.1: this machine only
        link = re.search(r"http://\S+/setup/\?code=\S+", output).group(0)
        assert link.startswith(f"{site}/setup/?code=")

        for path in ("/", "/new/marriage/", "/players/", "/login/", "/admin/"):
            page.goto(site + path)
            expect(page).to_have_url(f"{site}/setup/")
        response = page.goto(f"{site}/setup/")
        assert response.status == 403
        expect(page.get_by_text("scripts/serve")).to_be_visible()
        expect(page.locator("#id_password1")).to_have_count(0)

        page.get_by_label("Setup code").fill("aaaa-bbbb-cccc")
        page.get_by_role("button", name="Continue").click()
        expect(page.get_by_text("That is not this server's setup code.")).to_be_visible()
        expect(page.locator("#id_password1")).to_have_count(0)

        page.goto(link)
        page.fill("#id_username", "asha")
        page.fill("#id_password1", "tiplu-poplu-jhiplu-42")
        page.fill("#id_password2", "tiplu-poplu-jhiplu-42")
        page.get_by_role("button", name="Create the owner account").click()
        expect(page.get_by_text("Welcome! You own this CardScore server.")).to_be_visible()
        expect(page).to_have_url(f"{site}/")
        assert list(get_user_model().objects.values_list("username", "is_superuser")) == [("asha", True)]

        page.goto(link)  # used up: the owner exists
        expect(page).to_have_url(f"{site}/")
