"""Requests per second and latency of the real server: gunicorn on 127.0.0.1, 16 connections.

    .venv/bin/python bench/http_load.py                  # SQLite in a temporary data folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_bench .venv/bin/python bench/http_load.py

Seeds 6-player Marriage tables of 500 hands, starts gunicorn as deployed (gunicorn.conf.py),
and loads it with wrk (Debian's package, installed when missing): a trivial view (/health/,
the floor), the full scoreboard page, an unchanged live-board poll, and a hand post (each
connection posts the next hand of its own table). After a warm-up, the four scenarios take
turns for ROUNDS rounds of a few seconds each; the report gives each one's median over the
rounds, and the median of its ratios to the trivial view in the same round, and writes them
into bench/RESULTS.md. Then it
loads the scoreboard once in headless Chromium with a phone profile and reports the bytes
transferred. Only 127.0.0.1 is ever contacted.
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import server

CONNECTIONS = 16
SECONDS = int(os.environ.get("BENCH_SECONDS", "3"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "7"))
WRK_SCRIPT = Path(__file__).resolve().parent / "wrk.lua"


def ensure_wrk():
    if shutil.which("wrk"):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise SystemExit("wrk is missing: install Debian's wrk package (apt-get install wrk).")
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "wrk"],
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )


def wrk(path, seconds, headers=(), keepers=None):
    """One wrk run of CONNECTIONS connections; with keepers ({token: next hand}), hand posts."""
    environment = {
        **os.environ,
        "BENCH_KEEPERS": ",".join(f"{t}:{n}" for t, n in (keepers or {}).items()),
        "BENCH_PLAYERS": str(len(server.PLAYERS)),
    }
    # Posts need a thread per connection (each posts its own table's hands in order); reads
    # leave the cores to the server.
    threads = CONNECTIONS if keepers else 2
    # A phone waits longer than wrk's 2 s for its post: a slow answer counts in the latency, not as a failure.
    command = ["wrk", f"-t{threads}", f"-c{CONNECTIONS}", f"-d{seconds}s", "--timeout", "10s", "-s", str(WRK_SCRIPT)]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run(
        [*command, f"http://127.0.0.1:{server.PORT}{path}"], env=environment, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def settle(keepers):
    """Waits for the posts wrk left in flight, so they don't slow the next scenario down."""
    counts = None
    while counts != (counts := server.hand_counts(keepers)):
        pass


def scenarios(tokens):
    """(name, run) pairs; run(seconds) returns wrk's report."""
    _keeper, viewer, revision = tokens[0]
    keepers = [keeper for keeper, _viewer, _revision in tokens[1:]]

    def post(seconds):
        next_hand = {keeper: count + 1 for keeper, count in zip(keepers, server.hand_counts(keepers))}
        report = wrk(f"/t/{keepers[0]}/hands/", seconds, keepers=next_hand)
        settle(keepers)
        return report

    return [
        ("trivial view (/health/)", lambda seconds: wrk("/health/", seconds)),
        (f"scoreboard page ({server.SEEDED_HANDS} hands)", lambda seconds: wrk(f"/t/{viewer}/", seconds)),
        (
            "unchanged live poll",
            lambda seconds: wrk(f"/t/{viewer}/live/?revision={revision}", seconds, headers=["HX-Request: true"]),
        ),
        ("hand post", post),
    ]


def page_weight(viewer):
    """Bytes transferred for a first load of the scoreboard in a phone-sized Chromium."""
    from playwright.sync_api import sync_playwright

    total = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=server.CHROMIUM_FLAGS,
        )
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.on("requestfinished", lambda request: total.__setitem__(request.url, request.sizes()))
        page.goto(f"http://127.0.0.1:{server.PORT}/t/{viewer}/", wait_until="networkidle")
        browser.close()
    return sum(sizes["responseBodySize"] + sizes["responseHeadersSize"] for sizes in total.values()), len(total)


def summarize(name, reports, floors):
    """Medians over the rounds; the ratio is each round's to the trivial view's in the same
    round, so a slow spell of the machine lowers both sides of it."""
    rates = [r["requests"] / r["seconds"] for r in reports]
    return {
        "name": name,
        "rps": statistics.median(rates),
        "low": min(rates),
        "high": max(rates),
        "ratio": statistics.median(rate / floor for rate, floor in zip(rates, floors)),
        "p50": statistics.median(r["p50"] for r in reports),
        "p99": statistics.median(r["p99"] for r in reports),
        "failures": sum(r["failures"] for r in reports),
    }


def main():
    ensure_wrk()
    tokens = server.prepare(CONNECTIONS + 1)
    process = server.start()
    try:
        runs = scenarios(tokens)
        for _name, run in runs:
            run(1)  # warm-up: every process has connected to the database and rendered the board
        reports = {name: [] for name, _run in runs}
        for _round in range(ROUNDS):
            for name, run in runs:
                reports[name].append(run(SECONDS))
        weight, requests = page_weight(tokens[0][1])
    finally:
        server.stop(process)
    floors = [r["requests"] / r["seconds"] for r in reports[runs[0][0]]]
    results = [summarize(name, reports[name], floors) for name, _run in runs]
    lines = [
        f"Run {time.strftime('%Y-%m-%d %H:%M')} · {server.database()} · {server.worker_model()} · wrk, "
        f"{CONNECTIONS} connections · median of {ROUNDS} rounds of {SECONDS} s · {os.cpu_count()} cores",
        "",
        "| scenario | requests/s | lowest–highest round | p50 ms | p99 ms | failures | ratio to trivial (same round) |",
        "|---|---|---|---|---|---|---|",
    ]
    for result in results:
        lines.append(
            f"| {result['name']} | {result['rps']:.0f} | {result['low']:.0f}–{result['high']:.0f} | "
            f"{result['p50']:.1f} | {result['p99']:.1f} | "
            f"{result['failures']} | {result['ratio']:.0%} |"
        )
    lines += [
        "",
        f"First load of the scoreboard on a phone: {weight / 1024:.1f} KB transferred in {requests} requests.",
    ]
    report = "\n".join(lines)
    print(report)
    results_file = server.ROOT / "bench" / "RESULTS.md"
    previous = results_file.read_text() if results_file.exists() else "# Benchmark results\n"
    sections = [
        section
        for section in re.split(r"\n(?=## )", previous)
        if not section.startswith(f"## HTTP load, {server.database()}")
    ]
    results_file.write_text("\n".join(sections).rstrip() + f"\n\n## HTTP load, {server.database()}\n\n{report}\n")


if __name__ == "__main__":
    main()
