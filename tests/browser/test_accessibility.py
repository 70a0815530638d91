"""Every page, checked with axe-core in Chromium at 390×844, light and dark: no serious or critical
issue, and nothing refused by the Content Security Policy."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from games import services
from games.models import Puzzle

AXE = Axe()


@pytest.fixture
def site(live_server, transactional_db, django_user_model):
    """One table of each game with a hand or two, and a finished 24 puzzle."""
    owner = django_user_model.objects.create_user("owner", password="correct-horse-9", is_staff=True,
                                                  is_superuser=True)
    marriage = services.import_table({
        "format": services.FORMAT, "game": "marriage", "players": ["Asha", "Bikash", "Chandra", "Dipa"],
        "hands": [{"inputs": {"Asha": {"status": "seen", "maal": 12}, "Bikash": {"status": "winner", "maal": 4},
                              "Chandra": {"status": "seen", "maal": 6}, "Dipa": {"status": "unseen"}}}],
    }, owner=owner)[0]
    honors = services.create_table(game="marriage-honors", name="Honors", players=["A", "B", "C"], rules={},
                                   owner=owner)
    konkan = services.create_table(game="konkan", name="Konkan", players=["A", "B", "C"], rules={}, owner=owner)
    thirteen = services.create_table(game="thirteen", name="Thirteen", players=["A", "B", "C", "D"], rules={},
                                     owner=owner, colors={"A": "red", "B": "yellow", "C": "green", "D": "blue"})
    race = services.create_table(game="twentyfour", name="Race", players=["A", "B"], rules={}, owner=owner)
    puzzle = Puzzle.objects.create(player="owner", user=owner, cards=[["8", "S"], ["3", "H"], ["8", "D"], ["3", "C"]],
                                   difficulty="hard", solutions=1)
    tables = [marriage, honors, konkan, thirteen, race]
    return live_server.url, tables, puzzle, marriage


def serious(page):
    results = AXE.run(page)
    return [(violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]][:3])
            for violation in results.response["violations"] if violation["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_serious_accessibility_issue(browser, site, scheme):
    base, tables, puzzle, marriage = site
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    refused = []
    page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None)
    anonymous = [f"{base}/", f"{base}/login/", f"{base}/24/"]
    for table in tables:
        anonymous.append(f"{base}/t/{table.viewer_token}/")
    problems = {}
    for url in anonymous:
        page.goto(url)
        problems[url] = serious(page)
    page.goto(f"{base}/login/")
    page.fill("#id_username", "owner")
    page.fill("#id_password", "correct-horse-9")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")
    pages = [f"{base}/", f"{base}/new/marriage/", f"{base}/new/thirteen/", f"{base}/24/", f"{base}/24/{puzzle.pk}/",
             f"{base}/players/", f"{base}/players/Asha/", f"{base}/t/{marriage.keeper_token}/hands/1/",
             f"{base}/t/{marriage.keeper_token}/history/"]
    pages += [f"{base}/t/{table.keeper_token}/" for table in tables]
    for url in pages:
        page.goto(url)
        problems[url] = serious(page)
    context.close()
    assert {url: found for url, found in problems.items() if found} == {}
    assert refused == []
