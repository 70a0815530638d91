"""What a save costs, this code beside an earlier commit in the same run: the answer's bytes, hand
posts per second over HTTP, the servers' CPU per post, and one post at 5, 500 and about 5,000 hands.

    .venv/bin/python bench/saves.py                       # against c1d0e96, on SQLite
    .venv/bin/python bench/saves.py --against 16ab2e3
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_bench .venv/bin/python bench/saves.py

The earlier commit is checked out in a temporary git worktree and run with this virtualenv. Each
side gets gunicorn as deployed (its own gunicorn.conf.py) on its own port and data folder (on
PostgreSQL, its own database: the URL's name with _new or _old), seeded through its own table
file import with the same hands. Hand posts take turns, side after side, for ROUNDS rounds of
SECONDS each (wrk, one connection per table, as in http_load.py); the report gives medians and
the ratio new/old. Answers are measured uncompressed, as htmx posts them.
"""

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import http_load
import server

CONNECTIONS = http_load.CONNECTIONS
SECONDS = http_load.SECONDS
ROUNDS = http_load.ROUNDS
RUNS = 30  # single posts timed at each table size
SIZES = (5, 500, 4960)  # a table holds at most 5,000 hands: the 32 posts timed stay below
GUNICORN = Path(sys.executable).parent / "gunicorn"

# A Marriage table per size, then a Thirteen table not begun; their keeper tokens.
SEED = """
tokens = [marriage_table(hands).keeper_token for hands in {sizes!r}]
document = {{"format": FORMAT, "game": "thirteen", "players": players[:4], "hands": []}}
tokens.append(import_table(document)[0].keeper_token)
print(json.dumps(tokens))
"""


class Side:
    """One source tree served by gunicorn on its own port, database and data folder."""

    def __init__(self, name, root, port, database_url):
        self.name, self.root, self.port = name, root, port
        self.env = {
            **server.ENV,
            "CARDSCORE_DATA_DIR": tempfile.mkdtemp(prefix=f"cs-saves-{name}-"),
            "DATABASE_URL": database_url,
        }
        if not database_url:
            del self.env["DATABASE_URL"]
        self.process = None

    def run(self, *args, **kwargs):
        return subprocess.run(args, cwd=self.root, env=self.env, check=True, **kwargs)

    def seed(self, sizes):
        """Migrates and seeds: a Marriage table per size in `sizes`, then a Thirteen table."""
        self.run(sys.executable, "manage.py", "migrate", "--noinput", stdout=subprocess.DEVNULL)
        self.run(sys.executable, "manage.py", "collectstatic", "--noinput", stdout=subprocess.DEVNULL)
        code = "import django; django.setup()\n" + server.SEEDING + SEED.format(sizes=list(sizes))
        out = self.run(sys.executable, "-c", code, capture_output=True, text=True).stdout
        return json.loads(out.strip().splitlines()[-1])

    def start(self):
        log = open(Path(self.env["CARDSCORE_DATA_DIR"]) / "gunicorn.log", "ab")  # noqa: SIM115 (open while it runs)
        command = [str(GUNICORN), "cardscore.wsgi", "--bind", f"127.0.0.1:{self.port}", "--log-level", "warning"]
        self.process = subprocess.Popen(command, cwd=self.root, env=self.env, stdout=log, stderr=log)
        for _ in range(100):
            try:
                if self.get("/health/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"gunicorn did not start for {self.name}")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait()

    def cpu_seconds(self):
        """User and system CPU of gunicorn's processes (the arbiter and its workers) so far."""
        pids = [self.process.pid]
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        pids += [int(pid) for pid in children.read_text().split()]
        ticks = 0
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
        return ticks / os.sysconf("SC_CLK_TCK")

    def get(self, path):
        return self.request("GET", path)

    def request(self, method, path, fields=None):
        """One request as a phone's htmx sends it, CSRF cookie and header included."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"HX-Request": "true", "Cookie": "csrftoken=" + "b" * 32, "X-CSRFToken": "b" * 32}
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()


def next_hand_fields(page):
    """What a table page posts with its next hand: the form's hidden fields (number, version, key,
    the form's own key) and the board's revision (htmx includes it)."""
    text = page.decode()
    fields = {}
    for name in ("hand_number", "version", "key", "form_key", "revision"):
        match = re.search(rf'name="{name}" value="([^"]*)"', text)
        if match:
            fields[name] = match.group(1)
    return fields


def marriage_hand(side, token):
    """Posts the next hand of a 6-player Marriage table; returns (status, answer bytes, seconds)."""
    fields = next_hand_fields(side.get(f"/t/{token}/")[1])
    for seat in range(len(server.PLAYERS)):
        fields[f"status-{seat}"] = "winner" if seat == 0 else "seen"
        fields[f"maal-{seat}"] = str(seat * 3)
    start = time.perf_counter()
    status, body = side.request("POST", f"/t/{token}/hands/", fields)
    return status, len(body), time.perf_counter() - start


def thirteen_round(side, token):
    """Round 1 of Thirteen (one card each): its bids, then its books; the bytes of each answer."""
    sizes = []
    for step in ({"bid": [1, 0, 0, 0], "trump": "S"}, {"books": [1, 0, 0, 0]}):
        fields = next_hand_fields(side.get(f"/t/{token}/")[1])
        for key, values in step.items():
            if isinstance(values, list):
                fields.update({f"{key}-{seat}": str(value) for seat, value in enumerate(values)})
            else:
                fields[key] = values
        status, body = side.request("POST", f"/t/{token}/hands/", fields)
        assert status == 200, (side.name, step, status)
        sizes.append(len(body))
    return sizes


def posts_round(side, keepers):
    """One wrk run of hand posts, one connection per table; returns wrk's report and CPU seconds."""
    counts = json.loads(
        side.run(
            sys.executable,
            "-c",
            "import django, json; django.setup()\nfrom games.models import Table\n"
            f"print(json.dumps([Table.objects.get(keeper_token=t).hands.count() for t in {keepers!r}]))",
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    environment = {
        **os.environ,
        "BENCH_KEEPERS": ",".join(f"{token}:{count + 1}" for token, count in zip(keepers, counts)),
        "BENCH_PLAYERS": str(len(server.PLAYERS)),
    }
    command = ["wrk", f"-t{CONNECTIONS}", f"-c{CONNECTIONS}", f"-d{SECONDS}s", "--timeout", "10s"]
    command += ["-s", str(http_load.WRK_SCRIPT), f"http://127.0.0.1:{side.port}/t/{keepers[0]}/hands/"]
    before = side.cpu_seconds()
    out = subprocess.run(command, env=environment, check=True, capture_output=True, text=True).stdout
    report = json.loads(out.strip().splitlines()[-1])
    report["cpu"] = side.cpu_seconds() - before
    time.sleep(0.5)  # posts wrk left in flight finish before the other side's turn
    return report


def database_urls():
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return "", ""
    parts = urlsplit(url)
    base = parts.path.lstrip("/") or "cardscore_bench"
    urls = []
    for suffix in ("new", "old"):
        name = f"{base}_{suffix}"
        admin = urlunsplit(parts._replace(path="/postgres"))
        subprocess.run(["psql", admin, "-qc", f"DROP DATABASE IF EXISTS {name}"], check=True)
        subprocess.run(["psql", admin, "-qc", f"CREATE DATABASE {name}"], check=True)
        urls.append(urlunsplit(parts._replace(path=f"/{name}")))
    return urls


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="c1d0e96", help="the earlier commit (default: c1d0e96)")
    against = parser.parse_args().against
    http_load.ensure_wrk()
    old_root = Path(tempfile.mkdtemp(prefix="cs-saves-tree-")) / "old"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(old_root), against], cwd=server.ROOT, check=True)
    new_url, old_url = database_urls()
    sides = [Side("new", server.ROOT, server.PORT + 1, new_url), Side("old", old_root, server.PORT + 2, old_url)]
    results = {side.name: {} for side in sides}
    try:
        for side in sides:
            tokens = side.seed((*SIZES, *[500] * CONNECTIONS))
            side.tokens = {"sizes": tokens[: len(SIZES)], "keepers": tokens[len(SIZES) : -1], "thirteen": tokens[-1]}
            side.start()
        for side in sides:
            result = results[side.name]
            result["thirteen"] = thirteen_round(side, side.tokens["thirteen"])
            result["single"] = {}
            for hands, token in zip(SIZES, side.tokens["sizes"]):
                marriage_hand(side, token)  # warm-up: the worker has this table's board cached
                timings, sizes = [], []
                for _ in range(RUNS):
                    status, size, seconds = marriage_hand(side, token)
                    assert status == 200, (side.name, hands, status)
                    timings.append(seconds * 1000)
                    sizes.append(size)
                result["single"][hands] = {"ms": statistics.median(timings), "bytes": statistics.median(sizes)}
            posts_round(side, side.tokens["keepers"])  # warm-up
        reports = {side.name: [] for side in sides}
        for _round in range(ROUNDS):
            for side in sides:
                reports[side.name].append(posts_round(side, side.tokens["keepers"]))
    finally:
        for side in sides:
            side.stop()
        subprocess.run(["git", "worktree", "remove", "--force", str(old_root)], cwd=server.ROOT, check=True)
    print(report(results, reports, against))


def report(results, reports, against):
    def rate(run):
        return run["requests"] / run["seconds"]

    rows = {}
    for name, runs in reports.items():
        rows[name] = {
            "posts/s": statistics.median(rate(run) for run in runs),
            "p99 ms": statistics.median(run["p99"] for run in runs),
            "CPU ms per post": statistics.median(run["cpu"] * 1000 / max(run["requests"], 1) for run in runs),
            "failures": sum(run["failures"] for run in runs),
        }
    new, old = results["new"], results["old"]
    lines = [
        f"Run {time.strftime('%Y-%m-%d %H:%M')} · {server.database()} · this tree beside {against} · "
        f"{server.worker_model()} · wrk, {CONNECTIONS} connections · median of {ROUNDS} rounds of {SECONDS} s",
        "",
        "| measurement | this tree | " + against + " | new / old |",
        "|---|---|---|---|",
    ]

    def line(label, new_value, old_value, digits=1):
        ratio = new_value / old_value if old_value else float("nan")
        lines.append(f"| {label} | {new_value:.{digits}f} | {old_value:.{digits}f} | {ratio:.2f} |")

    for hands in SIZES:
        line(
            f"answer of a Marriage save at {hands} hands (KB)",
            *(r["single"][hands]["bytes"] / 1024 for r in (new, old)),
        )
    line("answer of Thirteen's bids (KB)", new["thirteen"][0] / 1024, old["thirteen"][0] / 1024)
    line("answer of Thirteen's books (KB)", new["thirteen"][1] / 1024, old["thirteen"][1] / 1024)
    for hands in SIZES:
        line(f"one post at {hands} hands (ms, median of {RUNS})", *(r["single"][hands]["ms"] for r in (new, old)), 2)
    for key in ("posts/s", "p99 ms", "CPU ms per post"):
        line(f"hand posts over HTTP: {key}", rows["new"][key], rows["old"][key])
    lines.append(f"| failures | {rows['new']['failures']} | {rows['old']['failures']} | |")
    small, large = SIZES[0], SIZES[-1]
    ratio = new["single"][large]["ms"] / new["single"][small]["ms"]
    lines += ["", f"This tree: one post at {large} hands is {ratio:.2f}× one at {small} hands."]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
