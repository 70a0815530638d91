"""Requests per second and latency of the real server: gunicorn on 127.0.0.1, 16 connections.

    .venv/bin/python bench/http_load.py                  # SQLite in a temporary data folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardscore_bench .venv/bin/python bench/http_load.py

Seeds 6-player Marriage tables of 500 hands, starts gunicorn (gthread workers, static files
collected), and measures for a few seconds each, in one run: a trivial view (/health/, the
floor), the full scoreboard page, an unchanged live-board poll, and a hand post (each
connection posts the next hand of its own table). Prints requests per second, p50 and p99
latency, and the ratios to the trivial view, and writes them into bench/RESULTS.md. Then loads
the scoreboard once in headless Chromium with a phone profile and reports the bytes transferred.
Only 127.0.0.1 is ever contacted.
"""

import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("BENCH_PORT", "8765"))
CONNECTIONS = 16
SECONDS = float(os.environ.get("BENCH_SECONDS", "6"))
PLAYERS = ["Asha", "Bikash", "Chandra", "Dipa", "Esha", "Faris"]
ENV = {**os.environ, "CARDSCORE_DATA_DIR": os.environ.get("CARDSCORE_DATA_DIR") or tempfile.mkdtemp(prefix="cs-bench-"),
       "DJANGO_SETTINGS_MODULE": "cardscore.settings"}
PYTHON = sys.executable


def manage(*args):
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)


def seed(tables):
    """Tables of 500 random hands; returns their keeper and viewer tokens."""
    code = f"""
import json, random, django
django.setup()
from django.contrib.auth import get_user_model
from games import services
if not get_user_model().objects.exists():
    get_user_model().objects.create_user("bench-owner")
rng = random.Random(24)
players = {PLAYERS!r}
def hand():
    winner = rng.choice(players)
    return {{name: {{"status": "winner" if name == winner else rng.choice(["seen", "unseen"]),
                    "maal": rng.randint(0, 20)}} for name in players}}
tokens = []
for _ in range({tables}):
    table, _warnings = services.import_table({{"format": services.FORMAT, "game": "marriage", "players": players,
                                              "hands": [{{"inputs": hand()}} for _ in range(500)]}})
    tokens.append([table.keeper_token, table.viewer_token, table.revision])
print(json.dumps(tokens))
"""
    out = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=ENV, check=True, capture_output=True, text=True).stdout
    import json
    return json.loads(out.strip().splitlines()[-1])


def start_server():
    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "cardscore.wsgi", "--bind", f"127.0.0.1:{PORT}", "--workers", "2",
         "--worker-class", "gthread", "--threads", "8", "--log-level", "warning"],
        cwd=ROOT, env=ENV)
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            connection.request("GET", "/health/")
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("gunicorn did not start")


class Client:
    """One keep-alive connection that remembers its cookies (CSRF)."""

    def __init__(self):
        self.connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
        self.cookies = {}

    def request(self, method, path, body=None, headers=None):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, rest = value.split("=", 1)
            self.cookies[name] = rest.split(";", 1)[0]
        return response.status, data


def run(name, make_request):
    """CONNECTIONS threads for SECONDS; each calls make_request(client, index, count) in a loop."""
    latencies, errors, stop = [], [], time.monotonic() + SECONDS
    lock = threading.Lock()

    def worker(index):
        client, count, mine = Client(), 0, []
        setup = getattr(make_request, "setup", None)
        if setup:
            setup(client, index)
        while time.monotonic() < stop:
            start = time.perf_counter()
            status = make_request(client, index, count)
            mine.append(time.perf_counter() - start)
            count += 1
            if status >= 400 and status != 409:
                errors.append(status)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(CONNECTIONS)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    latencies.sort()
    return {"name": name, "rps": len(latencies) / elapsed, "p50": statistics.median(latencies) * 1000,
            "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000, "errors": len(errors), "count": len(latencies)}


def scenarios(tokens):
    keeper, viewer, revision = tokens[0]

    def trivial(client, index, count):
        return client.request("GET", "/health/")[0]

    def scoreboard(client, index, count):
        return client.request("GET", f"/t/{viewer}/")[0]

    def poll(client, index, count):
        return client.request("GET", f"/t/{viewer}/live/?revision={revision}", headers={"HX-Request": "true"})[0]

    def post_hand(client, index, count):
        table_keeper = tokens[index + 1][0]
        winner = random.choice(PLAYERS)
        fields = {"hand_number": str(501 + count)}
        for seat, player in enumerate(PLAYERS):
            fields[f"status-{seat}"] = "winner" if player == winner else "seen"
            fields[f"maal-{seat}"] = str(random.randint(0, 20))
        body = "&".join(f"{k}={v}" for k, v in fields.items())
        status, _data = client.request("POST", f"/t/{table_keeper}/hands/", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": client.cookies["csrftoken"],
            "HX-Request": "true", "Referer": f"http://127.0.0.1:{PORT}/"})
        return status

    def post_setup(client, index):
        client.request("GET", f"/t/{tokens[index + 1][0]}/")  # the csrftoken cookie

    post_hand.setup = post_setup
    return [("trivial view (/health/)", trivial), ("scoreboard page (500 hands)", scoreboard),
            ("unchanged live poll", poll), ("hand post", post_hand)]


def page_weight(viewer):
    """Bytes transferred for a first load of the scoreboard in a phone-sized Chromium."""
    from playwright.sync_api import sync_playwright

    total = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.on("requestfinished", lambda request: total.__setitem__(request.url, request.sizes()))
        page.goto(f"http://127.0.0.1:{PORT}/t/{viewer}/", wait_until="networkidle")
        browser.close()
    return sum(sizes["responseBodySize"] + sizes["responseHeadersSize"] for sizes in total.values()), len(total)


def main():
    manage("migrate", "--noinput")
    manage("collectstatic", "--noinput")
    tokens = seed(CONNECTIONS + 1)
    server = start_server()
    try:
        results = [run(name, make_request) for name, make_request in scenarios(tokens)]
        weight, requests = page_weight(tokens[0][1])
    finally:
        server.terminate()
        server.wait()
    floor = results[0]["rps"]
    database = "PostgreSQL" if ENV.get("DATABASE_URL", "").startswith("postgres") else "SQLite"
    lines = [f"Run {time.strftime('%Y-%m-%d %H:%M')} · {database} · gunicorn 2 gthread workers × 8 threads · "
             f"{CONNECTIONS} connections · {SECONDS:.0f} s each · {os.cpu_count()} cores", "",
             "| scenario | requests/s | p50 ms | p99 ms | errors | ratio to trivial |", "|---|---|---|---|---|---|"]
    for result in results:
        lines.append(f"| {result['name']} | {result['rps']:.0f} | {result['p50']:.1f} | {result['p99']:.1f} | "
                     f"{result['errors']} | {result['rps'] / floor:.0%} |")
    lines += ["", f"First load of the scoreboard on a phone: {weight / 1024:.1f} KB transferred in {requests} requests."]
    report = "\n".join(lines)
    print(report)
    results_file = ROOT / "bench" / "RESULTS.md"
    previous = results_file.read_text() if results_file.exists() else "# Benchmark results\n"
    sections = re.split(r"\n(?=## )", previous)
    sections = [section for section in sections if not section.startswith(f"## HTTP load, {database}")]
    results_file.write_text("\n".join(sections).rstrip() + f"\n\n## HTTP load, {database}\n\n{report}\n")


if __name__ == "__main__":
    main()
