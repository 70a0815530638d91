"""Lighthouse, as a phone sees it (its mobile profile), on every game's scorekeeper and viewer page:
accessibility 100, best practices 100 (legible text, no console errors), performance at least 95;
and accessibility 100 in Nepali and Arabic too.

Lighthouse times a load on this machine and slows its CPU 4x to play a mid-tier phone, which assumes a
fast desktop host. A slower or busier host makes the same 4x play a much weaker phone, so a run that
falls short is run again with the slowdown calibrated as Lighthouse's throttling guide describes."""

import json
import os
import statistics
import subprocess

import pytest

from tests.fixtures import GAMES, PROJECT_DIR, fresh_table

LIGHTHOUSE = PROJECT_DIR / ".venv" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
GOALS = {"accessibility": 1.0, "best-practices": 1.0, "performance": 0.95}
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking"
# Lighthouse's benchmark index of the phone its default 4x slowdown plays: a host of about 2000 (its
# guide's fast desktop; it warns below 1000, "about 2x weaker than expected"), slowed 4x.
PHONE_BENCHMARK_INDEX = 500
DEFAULT_CPU_SLOWDOWN = 4


def calibrated_cpu_slowdown(benchmark_index):
    """The slowdown that plays the same phone on a host of `benchmark_index`, never more than the default."""
    return max(1, min(DEFAULT_CPU_SLOWDOWN, benchmark_index / PHONE_BENCHMARK_INDEX))


def audit(url, report, categories=GOALS, language="en", cpu_slowdown=DEFAULT_CPU_SLOWDOWN):
    """The category scores Lighthouse gives `url` (asked for in `language`), the audits that cost points
    and the host's benchmark index."""
    command = [
        str(LIGHTHOUSE),
        url,
        f"--only-categories={','.join(categories)}",
        f"--chrome-flags={CHROME_FLAGS}",
        f'--extra-headers={{"Accept-Language": "{language}"}}',
        "--output=json",
        f"--output-path={report}",
        f"--throttling.cpuSlowdownMultiplier={cpu_slowdown}",
        "--quiet",
    ]
    # Lighthouse now and then loses its own trace of a load (NO_NAVSTART, "please run Lighthouse
    # again"): that run says nothing about the page, so it is run again, three times at most.
    for _attempt in range(3):
        run = subprocess.run(
            command, env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"}, capture_output=True, text=True, timeout=180
        )
        if run.returncode == 0:
            break
    assert run.returncode == 0, f"Lighthouse failed on {url}: {run.stderr[-2000:]}"
    result = json.loads(report.read_text())
    scores = {name: category["score"] for name, category in result["categories"].items()}
    lost = [
        ref["id"]
        for category in result["categories"].values()
        for ref in category["auditRefs"]
        if ref.get("weight") and (result["audits"][ref["id"]].get("score") or 1) < 1
    ]
    return scores, lost, result["environment"]["benchmarkIndex"]


@pytest.mark.slow
def test_every_games_pages_score_as_a_phone_needs(live_server, transactional_db, owner, tmp_path):
    assert LIGHTHOUSE.exists(), "scripts/test installs Lighthouse into .venv/lighthouse"
    tables = [fresh_table(game, owner) for game in GAMES]
    urls = [f"{live_server.url}/t/{token}/" for table in tables for token in (table.keeper_token, table.viewer_token)]
    short = {}
    for number, url in enumerate(urls):
        scores, lost, benchmark_index = audit(url, tmp_path / f"report-{number}.json")
        if scores["performance"] < GOALS["performance"]:
            # Performance is timed, and a busy machine can lose a run: the median of three counts, the
            # two runs again with the slowdown calibrated to this host.
            slowdown = calibrated_cpu_slowdown(benchmark_index)
            again = [
                audit(url, tmp_path / f"report-{number}-{run}.json", cpu_slowdown=slowdown)[0]["performance"]
                for run in (2, 3)
            ]
            scores["performance"] = statistics.median([scores["performance"], *again])
        missed = {name: score for name, score in scores.items() if score < GOALS[name]}
        if missed:
            short[url] = (missed, lost, f"benchmark index {benchmark_index}")
    assert short == {}


@pytest.mark.slow
@pytest.mark.parametrize("language", ["ne", "ar"])
def test_every_games_pages_are_as_accessible_in_nepali_and_arabic(
    live_server, transactional_db, owner, tmp_path, language
):
    tables = [fresh_table(game, owner) for game in GAMES]
    urls = [f"{live_server.url}/t/{token}/" for table in tables for token in (table.keeper_token, table.viewer_token)]
    short = {}
    for number, url in enumerate(urls):
        scores, lost, _benchmark_index = audit(url, tmp_path / f"report-{number}.json", ["accessibility"], language)
        if scores["accessibility"] < 1:
            short[url] = (scores, lost)
    assert short == {}
